import { Switch } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { boostActions } from '../slice';

/**
 * Whether one's own recognition uses one's boost list (the `boost` message), with how many words
 * it holds; shown once the server has sent the list, to people who may speak. A plan without
 * boost shows it off and says so.
 */
export function BoostSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { loaded, enabled, words, upgradeRequired } = useAppSelector((s) => s.boost);
  // The room's status says whose recognition the server boosts now (status.boost): mine, while I speak.
  const inUse = useAppSelector((s) => {
    const me = s.session.identity?.avaId;
    return me !== undefined && (s.conversation.status?.boost?.avaIds.includes(me) ?? false);
  });
  const id = useId();
  if (!loaded) return null;
  return (
    <div className="boost-field">
      <Switch
        checked={enabled && !upgradeRequired}
        disabled={upgradeRequired}
        label={t('boost.switch.label')}
        aria-describedby={`${id}-help`}
        data-testid="boost-switch"
        onChange={(event) => dispatch(boostActions.switchRequested(event.currentTarget.checked))}
      />
      <p id={`${id}-help`} className="field-help">
        {upgradeRequired ? t('boost.upgradeRequired') : t('boost.switch.help', { count: words.length })}
        {inUse && !upgradeRequired ? ` ${t('boost.switch.inUse')}` : null}
      </p>
    </div>
  );
}
