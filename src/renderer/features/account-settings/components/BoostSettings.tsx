import { Callout, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isPaidSubscriber } from '../../../../shared/user';
import { useAppSelector } from '../../../app/hooks';
import { selectProfile } from '../../account-profile/selectors';

/** Boost: Vocabulary Boost needs an upgrade (a paid plan). */
export function BoostSettings() {
  const { t } = useTranslation();
  const profile = useAppSelector(selectProfile);
  const paid = isPaidSubscriber(profile?.subscription);
  return (
    <section aria-labelledby="boost-heading">
      <H2 id="boost-heading">{t('account.settings.boost.heading')}</H2>
      <p>{t('account.settings.boost.intro')}</p>
      <Callout intent={paid ? 'success' : 'primary'} className="page-callout" data-testid="boost-status">
        {paid ? t('account.settings.boost.included') : t('account.settings.boost.upgrade')}
      </Callout>
    </section>
  );
}
