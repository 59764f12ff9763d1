// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneCallPanel } from '../../../../../../src/renderer/features/phone-calls/components/PhoneCallPanel';
import { phoneCallsActions } from '../../../../../../src/renderer/features/phone-calls/slice';
import { socketActions } from '../../../../../../src/renderer/features/socket/slice';
import {
  PHONE_CALL_END_TEXTS,
  PHONE_CALL_TEXTS,
  type TwilioCall,
} from '../../../../../../src/shared/phone-calls';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const asHost = () => inRoom(makeStatus(), { kind: 'guest', avaId: 'host1', userName: 'Hana Host' });
const asGuest = () => inRoom(makeStatus(), { kind: 'guest', avaId: 'g2', userName: 'Gil' });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const describedBy = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby')!)!.textContent;

const call = (changes: Partial<TwilioCall>): TwilioCall => ({
  sid: `CA${'a'.repeat(32)}`,
  status: 'ringing',
  conferenceType: 'zoom',
  speechLang: 'en-US',
  avaId: 'phone-call-1',
  startedAtMs: 1,
  ...changes,
});

const withCalls = (calls: TwilioCall[]) =>
  socketActions.messageReceived({
    type: 'room-status-update',
    reason: 'phone-calls-changed',
    status: makeStatus({ twilioCalls: calls }),
  });

describe('PhoneCallPanel', () => {
  it('takes the focus on its heading when the conversation was opened for a phone call, and only then', () => {
    renderApp(<PhoneCallPanel focusOnOpen />, asHost());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Phone conference call' }));
    cleanup();
    renderApp(<PhoneCallPanel />, asHost());
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Phone conference call' }));
  });

  it('the host dials a conference by keyboard: E.164 number, the conference’s DTMF, the conversation’s language', async () => {
    const { user, actions } = renderApp(<PhoneCallPanel />, asHost());
    await user.selectOptions(screen.getByRole('combobox', { name: 'International code' }), '+33');
    await user.type(field('Conference phone number'), '01 23 45 67 89');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of conference' }), 'teams');
    await user.type(field('Meeting ID or access code'), '123 456 789');
    await user.type(field('Password (optional)'), '42{Enter}');
    const sent = actions.filter(phoneCallsActions.dialRequested.match).at(-1)?.payload;
    expect(sent).toMatchObject({
      calleeInternationalNumber: '+33123456789',
      sendDigits: 'WW123456789#WW42#',
      conferenceType: 'teams',
    });
    expect(sent?.speechLang).toMatch(/^[a-z]{2}/);
  });

  it('says what is wrong next to each field and focuses the first; nothing is sent', async () => {
    const { user, actions } = renderApp(<PhoneCallPanel />, asHost());
    await user.type(field('Conference phone number'), '555-01');
    await user.type(field('Password (optional)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Call the conference' }));
    expect(actions.filter(phoneCallsActions.dialRequested.match)).toHaveLength(0);
    expect(field('Conference phone number').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field('Conference phone number'))).toBe(PHONE_CALL_TEXTS.invalidNumber);
    expect(describedBy(field('Meeting ID or access code'))).toBe(PHONE_CALL_TEXTS.invalidAccessCode);
    expect(describedBy(field('Password (optional)'))).toBe(PHONE_CALL_TEXTS.invalidPassword);
    expect(document.activeElement).toBe(field('Conference phone number'));
  });

  it('offers only the spec’s international codes', () => {
    renderApp(<PhoneCallPanel />, asHost());
    const options = [
      ...screen.getByRole('combobox', { name: 'International code' }).querySelectorAll('option'),
    ];
    expect(options.map((o) => o.value)).toEqual(['+1', '+33', '+32', '+31', '+55']);
  });

  it('shows the call’s status in a live region and lets the host hang up', async () => {
    const { user, store, actions } = renderApp(<PhoneCallPanel />, asHost());
    act(() => {
      store.dispatch(withCalls([call({ status: 'captioning' })]));
    });
    expect(screen.getByRole('status').textContent).toBe('Captioning the phone call');
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(actions.filter(phoneCallsActions.hangUpRequested.match).at(-1)?.payload).toEqual({
      sid: `CA${'a'.repeat(32)}`,
    });
  });

  it('a failed call says why as an alert, and the form is offered again', () => {
    const { store } = renderApp(<PhoneCallPanel />, asHost());
    act(() => {
      store.dispatch(withCalls([call({ status: 'failed', reason: 'busy' })]));
    });
    expect(screen.getByRole('status').textContent).toBe('The phone call failed');
    expect(screen.getByRole('alert').textContent).toBe(PHONE_CALL_END_TEXTS.busy);
    expect(screen.getByRole('button', { name: 'Call the conference' })).toBeTruthy();
  });

  it('the server’s refusal is said with the catalogue’s words (the spec’s unexpected error)', () => {
    const { store } = renderApp(<PhoneCallPanel />, asHost());
    act(() => {
      store.dispatch(phoneCallsActions.dialSettled({ refusal: { key: 'unexpectedError' } }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Phone call unexpected error');
  });

  it.each([
    ['+1', '900 555 0100'],
    ['+1', '(268) 460-1234'],
    ['+33', '08 99 12 34 56'],
    ['+32', '0900 12 345'],
    ['+55', '0900 123 4567'],
  ])('says before dialling that %s %s is a premium-rate number; nothing is sent', async (code, number) => {
    const { user, actions } = renderApp(<PhoneCallPanel />, asHost());
    await user.selectOptions(screen.getByRole('combobox', { name: 'International code' }), code);
    await user.type(field('Conference phone number'), number);
    await user.type(field('Meeting ID or access code'), '123456789{Enter}');
    expect(actions.filter(phoneCallsActions.dialRequested.match)).toHaveLength(0);
    expect(field('Conference phone number').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field('Conference phone number'))).toBe(PHONE_CALL_TEXTS.deniedNumber);
    expect(document.activeElement).toBe(field('Conference phone number'));
  });

  it.each([
    ['notEntitled', PHONE_CALL_TEXTS.notEntitled],
    ['tooManyCalls', PHONE_CALL_TEXTS.tooManyCalls],
  ] as const)('shows the server’s %s refusal as an alert', (key, text) => {
    const { store } = renderApp(<PhoneCallPanel />, asHost());
    act(() => {
      store.dispatch(phoneCallsActions.dialSettled({ refusal: { key } }));
    });
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('others see the status but may not dial or hang up', () => {
    const { store } = renderApp(<PhoneCallPanel />, asGuest());
    act(() => {
      store.dispatch(withCalls([call({ status: 'captioning' })]));
    });
    expect(screen.getByRole('status').textContent).toBe('Captioning the phone call');
    expect(screen.getByTestId('phone-call-only-host').textContent).toBe(
      'Only the host can make modifications.',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
