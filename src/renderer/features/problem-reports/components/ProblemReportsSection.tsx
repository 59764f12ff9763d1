import { Callout, H2, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { problemReportActions } from '../slice';

/** The organisation admin's list of what its members reported (workspace, reporting page). */
export function ProblemReportsSection() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.problemReports.list);
  useEffect(() => {
    dispatch(problemReportActions.listRequested());
  }, [dispatch]);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="problem-reports-heading" data-testid="workspace-problem-reports">
      <H2 id="problem-reports-heading">{t('problemReports.heading')}</H2>
      <p>{t('problemReports.intro')}</p>
      <div role="alert">
        {list.status === 'failed' ? (
          <Callout intent="danger">{t('problemReports.failed', { message: list.error ?? '' })}</Callout>
        ) : null}
      </div>
      {list.status === 'loading' ? <Spinner size={24} aria-label={t('problemReports.loading')} /> : null}
      {list.status === 'loaded' && list.reports.length === 0 ? (
        <p data-testid="problem-reports-none">{t('problemReports.none')}</p>
      ) : null}
      {list.reports.length > 0 ? (
        <HTMLTable compact striped className="problem-reports-table">
          <caption className="visually-hidden">{t('problemReports.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('problemReports.when')}</th>
              <th scope="col">{t('problemReports.who')}</th>
              <th scope="col">{t('problemReports.category')}</th>
              <th scope="col">{t('problemReports.description')}</th>
              <th scope="col">{t('problemReports.room')}</th>
            </tr>
          </thead>
          <tbody>
            {list.reports.map((report) => (
              <tr key={report.id} data-testid="problem-report">
                <td>{when.format(report.reportedAtMs)}</td>
                <td>{report.userName ?? report.avaId}</td>
                <td>{t(`problemReport.categories.${report.category}`)}</td>
                <td className="problem-report-description">{report.description}</td>
                <td>{report.roomId ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
    </section>
  );
}
