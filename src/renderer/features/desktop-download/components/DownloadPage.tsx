import { Button, Callout, H1, HTMLTable, Icon } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type DesktopBuild, formatBuildSize } from '../../../../shared/desktop-builds';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { desktopBuildsActions } from '../slice';

/**
 * /download (accounts.md: desktop app download): each platform's build, with its version and
 * size, as the update feed publishes it; without a feed the page says so. A table with a caption
 * and column headers (a screen reader reads each cell with its column), one link per build,
 * named for its platform.
 */
export function DownloadPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, answer, error } = useAppSelector((s) => s.desktopBuilds);
  useDocumentTitle(t('download.title'));
  useEffect(() => {
    dispatch(desktopBuildsActions.requested());
  }, [dispatch]);

  const names = (b: Pick<DesktopBuild, 'platform' | 'arch'>) => ({
    platform: t(`download.platforms.${b.platform}`),
    arch: t(`download.arches.${b.arch}`),
  });
  return (
    <article className="page download-page" data-testid="download-page">
      <H1>{t('download.title')}</H1>
      <p className="lead">{t('download.intro')}</p>
      <div role="status">
        {status === 'loading' || status === 'idle' ? (
          <LoadingLine label={t('download.loading')} insideStatus />
        ) : null}
        {answer && !answer.configured ? (
          <Callout intent="warning" className="page-callout" data-testid="download-no-feed">
            {t('download.noFeed')}
          </Callout>
        ) : null}
        {answer?.configured && answer.builds.length === 0 ? (
          <p data-testid="download-none">{t('download.none')}</p>
        ) : null}
      </div>
      <div role="alert">
        {status === 'failed' ? (
          <Callout intent="danger" className="page-callout" data-testid="download-failed">
            <p>{t('download.failed', { reason: error ?? '' })}</p>
            <Button onClick={() => dispatch(desktopBuildsActions.requested())}>{t('download.retry')}</Button>
          </Callout>
        ) : null}
      </div>
      {answer?.configured && answer.builds.length > 0 ? (
        <HTMLTable className="download-table" striped data-testid="download-builds">
          <caption>{t('download.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('download.platform')}</th>
              <th scope="col">{t('download.version')}</th>
              <th scope="col">{t('download.size')}</th>
              <th scope="col">{t('download.file')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.builds.map((build) => {
              const name = names(build);
              return (
                <tr
                  key={`${build.platform}-${build.arch}`}
                  data-testid={`build-${build.platform}-${build.arch}`}
                >
                  <th scope="row">
                    {name.platform} ({name.arch})
                  </th>
                  <td>{build.version}</td>
                  <td>
                    {build.sizeBytes === undefined
                      ? t('download.sizeUnknown')
                      : formatBuildSize(build.sizeBytes, i18n.language)}
                  </td>
                  <td>
                    <a href={build.url} className="bp6-button bp6-intent-primary" rel="noopener">
                      <Icon icon="download" aria-hidden />
                      <span>{t('download.link', name)}</span>
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      ) : null}
      {answer?.configured && answer.problems.length > 0 ? (
        <ul className="field-help" data-testid="download-problems">
          {answer.problems.map((p) => (
            <li key={`${p.platform}-${p.arch}`}>
              {t('download.missing', { ...names(p), reason: p.reason })}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="field-help">{t('download.linuxNote')}</p>
    </article>
  );
}
