import { Button, Callout, H2, H3, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Select } from '../../../lib/Select';
import {
  REPORT_PERIODS,
  type ReportPeriodKey,
  memberRows,
  periodOf,
  tierMinutes,
  weekRows,
} from '../report-view';
import { workspaceActions } from '../slice';
import { ProblemReportsSection } from '../../problem-reports';

/** Tier colours, told apart by more than hue: the table beside each chart says the same in words. */
const TIERS = [
  { key: 'basic', color: '#738091' },
  { key: 'premium', color: '#2d72d2' },
  { key: 'scribe', color: '#c87619' },
] as const;

type TierKey = (typeof TIERS)[number]['key'];
type Figures = Record<TierKey | 'conversations' | 'words', number>;

/**
 * Minutes per tier as stacked bars, hidden from screen readers (the TierTable beside it says the
 * same): one bar per week along the bottom, or (`perMember`) one row per member, names down the
 * side, as tall as there are members.
 */
function TierChart({
  testId,
  rows,
  tierName,
  perMember = false,
}: {
  testId: string;
  rows: object[];
  tierName: (key: TierKey) => string;
  perMember?: boolean;
}) {
  return (
    <div
      className="workspace-chart"
      aria-hidden="true"
      style={perMember ? { height: Math.max(160, rows.length * 48 + 80) } : undefined}
      data-testid={testId}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout={perMember ? 'vertical' : 'horizontal'}>
          <CartesianGrid strokeDasharray="3 3" />
          {perMember ? <XAxis type="number" unit=" min" /> : <XAxis dataKey="label" />}
          {perMember ? (
            <YAxis type="category" dataKey="name" width={140} />
          ) : (
            <YAxis unit=" min" width={80} />
          )}
          <Tooltip />
          <Legend />
          {TIERS.map((tier) => (
            <Bar
              key={tier.key}
              dataKey={tier.key}
              name={tierName(tier.key)}
              stackId="tiers"
              fill={tier.color}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The figures of a chart as a table (what a screen reader reads): minutes per tier, conversations, words. */
function TierTable({
  testId,
  rowTestId,
  cellTestIdPrefix,
  caption,
  rowHeading,
  tierName,
  number,
  rows,
}: {
  testId: string;
  rowTestId?: string;
  cellTestIdPrefix?: string;
  caption: string;
  rowHeading: string;
  tierName: (key: TierKey) => string;
  number: (n: number) => string;
  rows: { key: string; heading: string; figures: Figures }[];
}) {
  const { t } = useTranslation();
  return (
    <HTMLTable className="workspace-table" striped data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeading}</th>
          {TIERS.map((tier) => (
            <th scope="col" key={tier.key}>
              {t('organizations.workspace.reporting.minutesOf', { tier: tierName(tier.key) })}
            </th>
          ))}
          <th scope="col">{t('organizations.workspace.reporting.conversations')}</th>
          <th scope="col">{t('organizations.workspace.reporting.words')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-testid={rowTestId}>
            <th scope="row">{row.heading}</th>
            {TIERS.map((tier) => (
              <td
                key={tier.key}
                data-testid={cellTestIdPrefix ? `${cellTestIdPrefix}${tier.key}` : undefined}
              >
                {number(row.figures[tier.key])}
              </td>
            ))}
            <td>{number(row.figures.conversations)}</td>
            <td>{number(row.figures.words)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * Reporting: caption minutes per week and per member, split Basic/Premium/Scribe, conversations
 * and words, as charts with the same figures in tables (what a screen reader reads: the charts
 * are hidden from it), and the period's CSV.
 */
export function ReportingPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const reporting = useAppSelector((s) => s.workspace.reporting);
  const [periodKey, setPeriodKey] = useState<ReportPeriodKey>('4w');
  useEffect(() => {
    dispatch(workspaceActions.reportRequested(periodOf(periodKey, Date.now())));
  }, [dispatch, periodKey]);
  const number = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n);
  const day = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(ms);
  const report = reporting.data;
  const weeks = report ? weekRows(report).map((w) => ({ ...w, label: day(w.weekStartMs) })) : [];
  const people = report ? memberRows(report.members) : [];
  const totals = report ? tierMinutes(report.totals) : undefined;
  const tierName = (key: TierKey) => t(`organizations.workspace.reporting.tiers.${key}`);
  return (
    <>
      <section aria-labelledby="reporting-heading" data-testid="workspace-reporting">
        <H2 id="reporting-heading">{t('organizations.workspace.reporting.heading')}</H2>
        <div className="workspace-form">
          <label htmlFor="report-period">{t('organizations.workspace.reporting.period')}</label>
          <Select
            id="report-period"
            value={periodKey}
            onChange={(e) => setPeriodKey(e.currentTarget.value as ReportPeriodKey)}
            data-testid="report-period"
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`organizations.workspace.reporting.periods.${p}`)}
              </option>
            ))}
          </Select>
          <Button
            icon="download"
            disabled={!reporting.period}
            onClick={() => reporting.period && dispatch(workspaceActions.csvRequested(reporting.period))}
            data-testid="report-csv"
          >
            {t('organizations.workspace.reporting.csv')}
          </Button>
        </div>
        <div role="alert">
          {reporting.status === 'failed' ? (
            <Callout intent="danger">
              {t('organizations.workspace.loadFailed', { message: reporting.error ?? '' })}
            </Callout>
          ) : null}
        </div>
        {!report || !totals ? (
          reporting.status === 'loading' ? (
            <Spinner size={24} aria-label={t('organizations.workspace.loading')} />
          ) : null
        ) : (
          <>
            <dl className="workspace-totals" data-testid="report-totals">
              {TIERS.map((tier) => (
                <div key={tier.key}>
                  <dt>{t('organizations.workspace.reporting.minutesOf', { tier: tierName(tier.key) })}</dt>
                  <dd data-testid={`report-total-${tier.key}`}>{number(totals[tier.key])}</dd>
                </div>
              ))}
              <div>
                <dt>{t('organizations.workspace.reporting.conversations')}</dt>
                <dd data-testid="report-total-conversations">{number(totals.conversations)}</dd>
              </div>
              <div>
                <dt>{t('organizations.workspace.reporting.words')}</dt>
                <dd data-testid="report-total-words">{number(totals.words)}</dd>
              </div>
            </dl>

            <H3 id="report-weeks-heading">{t('organizations.workspace.reporting.perWeek')}</H3>
            <TierChart testId="report-week-chart" rows={weeks} tierName={tierName} />
            <TierTable
              testId="report-weeks"
              caption={t('organizations.workspace.reporting.weeksCaption')}
              rowHeading={t('organizations.workspace.reporting.week')}
              tierName={tierName}
              number={number}
              rows={weeks.map((w) => ({
                key: String(w.weekStartMs),
                heading: t('organizations.workspace.reporting.weekOf', { day: w.label }),
                figures: w,
              }))}
            />

            <H3>{t('organizations.workspace.reporting.perMember')}</H3>
            {people.length === 0 ? (
              <p data-testid="report-no-members">{t('organizations.workspace.reporting.nobody')}</p>
            ) : (
              <>
                <TierChart testId="report-member-chart" rows={people} tierName={tierName} perMember />
                <TierTable
                  testId="report-members"
                  rowTestId="report-member"
                  cellTestIdPrefix="report-member-"
                  caption={t('organizations.workspace.reporting.membersCaption')}
                  rowHeading={t('organizations.workspace.reporting.member')}
                  tierName={tierName}
                  number={number}
                  rows={people.map((m) => ({ key: m.avaId, heading: m.name, figures: m }))}
                />
              </>
            )}
          </>
        )}
      </section>
      <ProblemReportsSection />
    </>
  );
}
