import { H1, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type enMessages from '../../../i18n/en';

type Legal = (typeof enMessages)['legal'];
/** When the terms and the policy last changed (shown on both pages). */
export const LEGAL_UPDATED_MS = Date.UTC(2026, 11, 5);

/**
 * /web/terms and /web/privacy: the terms of service and the privacy policy sign-up asks people
 * to accept, as headed sections (a screen reader moves by heading), in the interface language.
 */
export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation();
  const page = t(`legal.${kind}`, { returnObjects: true }) as Legal[typeof kind];
  useDocumentTitle(page.title);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    LEGAL_UPDATED_MS,
  );
  return (
    <article className="page legal-page" data-testid={`legal-${kind}`}>
      <H1>{page.title}</H1>
      <p className="field-help">{t('legal.updated', { date })}</p>
      <p className="lead">{page.intro}</p>
      {Object.entries(page.sections).map(([key, section]) => (
        <section key={key} aria-labelledby={`legal-${key}`}>
          <H2 id={`legal-${key}`}>{section.heading}</H2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}

/** /web/faq: questions as headings, each answered below it. */
export function FaqPage() {
  const { t } = useTranslation();
  const faq = t('legal.faq', { returnObjects: true }) as Legal['faq'];
  useDocumentTitle(faq.title);
  return (
    <article className="page legal-page" data-testid="legal-faq">
      <H1>{faq.title}</H1>
      {Object.entries(faq.items).map(([key, item]) => (
        <section key={key} aria-labelledby={`faq-${key}`}>
          <H2 id={`faq-${key}`}>{item.question}</H2>
          <p>{item.answer}</p>
        </section>
      ))}
    </article>
  );
}
