import { describe, expect, it } from 'vitest';
import { type UsageReport, usageReportCsv, weekStart } from '../../../src/shared/usage-report';

const H = 3_600_000;

describe('weeks of the usage report', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z'],
    ['2026-11-25T13:45:00Z', '2026-11-23T00:00:00Z'],
    ['2026-11-29T23:59:59Z', '2026-11-23T00:00:00Z'],
    ['2026-11-30T00:00:00Z', '2026-11-30T00:00:00Z'],
  ])('%s falls in the week of Monday %s (UTC)', (at, monday) => {
    expect(new Date(weekStart(Date.parse(at))).toISOString()).toBe(new Date(monday).toISOString());
  });
});

describe('usage report CSV', () => {
  const report: UsageReport = {
    organizationId: 'org1',
    fromMs: 0,
    toMs: 1,
    totals: { basicMs: 3 * H, premiumMs: 1.5 * H, scribeMs: 0, conversations: 4, words: 900 },
    members: [
      {
        avaId: 'a1',
        name: 'Ada, "the host"',
        basicMs: 3 * H,
        premiumMs: 0,
        scribeMs: 0,
        conversations: 3,
        words: 600,
      },
      {
        avaId: 'b2',
        name: '=HYPERLINK("x")',
        basicMs: 0,
        premiumMs: 1.5 * H,
        scribeMs: 0,
        conversations: 1,
        words: 300,
      },
    ],
    weeks: [
      {
        weekStartMs: Date.parse('2026-11-23T00:00:00Z'),
        basicMs: 3 * H,
        premiumMs: 1.5 * H,
        scribeMs: 0,
        conversations: 4,
        words: 900,
      },
    ],
  };

  it('has a header, a row per member and per week, and the total, in hours', () => {
    const lines = usageReportCsv(report).trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,member,week,basic hours,premium hours,scribe hours,conversations,words');
    expect(lines[1]).toBe('member,"Ada, ""the host""",,3.00,0.00,0.00,3,600');
    expect(lines[3]).toBe('week,,2026-11-23,3.00,1.50,0.00,4,900');
    expect(lines[4]).toBe('total,,,3.00,1.50,0.00,4,900');
    expect(lines).toHaveLength(5);
  });

  it('never lets a member name run as a spreadsheet formula', () => {
    expect(usageReportCsv(report).split('\r\n')[2]).toBe(`member,"'=HYPERLINK(""x"")",,0.00,1.50,0.00,1,300`);
  });
});
