import { useTranslation } from 'react-i18next';
import { type PasswordProblem, passwordProblems } from '../../../../shared/account-validation';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';

const RULES: PasswordProblem[] = ['too-short', 'no-lowercase', 'no-uppercase', 'no-symbol'];

/** The password rule as a checklist that follows what is typed (each line says done or missing). */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(password));
  return (
    <div id={id} className="password-rules">
      <p className="field-help">{t('account.login.passwordRulesHeading')}</p>
      <ul>
        {RULES.map((rule) => {
          const met = !problems.has(rule);
          return (
            <li key={rule} data-met={met} className={met ? 'rule-met' : 'rule-missing'}>
              <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
              {t(`account.login.passwordRule.${rule}`, { min: PASSWORD_MIN_LENGTH })}{' '}
              <span className="visually-hidden">
                {met ? t('account.login.ruleMet') : t('account.login.ruleMissing')}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
