import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { LanguageSelect } from '../../settings/components/LanguageSelect';

/** Screens where the footer would take room from captions: a conversation's own page. */
export function showsPublicFooter(pathname: string): boolean {
  return !pathname.startsWith(`${ROUTES.conversations}/`);
}

/** The footer of the public screens (accounts.md: FAQ, privacy, terms, language). */
export function PublicFooter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!showsPublicFooter(pathname)) return null;
  return (
    <footer className="public-footer" data-testid="public-footer">
      <nav aria-label={t('footer.label')}>
        <ul>
          <li>
            <Link to={ROUTES.faq}>{t('footer.faq')}</Link>
          </li>
          <li>
            <Link to={ROUTES.privacy}>{t('footer.privacy')}</Link>
          </li>
          <li>
            <Link to={ROUTES.terms}>{t('footer.terms')}</Link>
          </li>
        </ul>
      </nav>
      <LanguageSelect testId="footer-language-select" />
    </footer>
  );
}
