import {
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  H1,
  H2,
  InputGroup,
  Spinner,
} from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, transcriptPath } from '../../../../shared/routes';
import { type SavedTranscript, searchTerms } from '../../../../shared/saved-transcripts';
import { titleProblem } from '../../../../shared/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog } from '../../ending/components/ConfirmDialog';
import { SessionGate } from '../../identity/components/SessionGate';
import { formatDuration } from '../../recap/format';
import { selectLanguage } from '../../settings/selectors';
import { historyActions } from '../slice';
import { BulkDelete } from './BulkDelete';
import '../history.css';

/**
 * What sets one conversation apart from another: its length, who spoke and how it began, as a
 * description list so a screen reader says each term with its value.
 */
function EntrySummary({ entry }: { entry: SavedTranscript }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { durationMs, participants, otherParticipants, firstWords } = entry.summary;
  const people = [
    ...participants,
    ...(otherParticipants > 0 ? [t('history.page.otherPeople', { count: otherParticipants })] : []),
  ];
  return (
    <dl className="history-entry-summary" data-testid="history-entry-summary">
      <div>
        <dt>{t('history.page.length')}</dt>
        <dd data-testid="history-entry-length">{formatDuration(durationMs, language)}</dd>
      </div>
      {people.length > 0 && (
        <div>
          <dt>{t('history.page.people')}</dt>
          <dd data-testid="history-entry-people">
            {new Intl.ListFormat(language, { type: 'conjunction' }).format(people)}
          </dd>
        </div>
      )}
      {firstWords !== '' && (
        <div>
          <dt>{t('history.page.firstWords')}</dt>
          <dd data-testid="history-entry-first-words">
            <q>{firstWords}</q>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * One saved conversation: its title, date and summary, a link to read it, rename and delete, and
 * its checkbox to delete it with others (BulkDelete).
 */
function Entry({ entry, date }: { entry: SavedTranscript; date: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const pending = useAppSelector((s) => s.history.pending[entry.roomId]);
  const selected = useAppSelector((s) => s.history.selected.includes(entry.roomId));
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(entry.title);
  const [problem, setProblem] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const problemId = useId();
  const headingId = useId();
  const shown = entry.title || t('history.page.untitled');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (titleProblem(title) !== undefined) {
      setProblem(t('history.page.titleEmpty'));
      return;
    }
    dispatch(historyActions.renameRequested({ roomId: entry.roomId, title }));
    setRenaming(false);
    setProblem(undefined);
  };
  const cancel = () => {
    setRenaming(false);
    setTitle(entry.title);
    setProblem(undefined);
    // Back to where the person was: the button that opened the form.
    setTimeout(() => renameButton.current?.focus(), 0);
  };

  return (
    <li
      className="history-entry"
      data-testid="history-entry"
      data-room-id={entry.roomId}
      aria-labelledby={headingId}
    >
      <Card elevation={0}>
        <Checkbox
          className="history-entry-select"
          checked={selected}
          disabled={pending !== undefined}
          label={t('history.page.selectOne')}
          aria-label={t('history.page.select', { title: shown })}
          data-testid="history-select"
          onChange={() => dispatch(historyActions.selectionToggled(entry.roomId))}
        />
        <H2 id={headingId} className="history-entry-title">
          {shown}
        </H2>
        <p className="history-entry-date">
          <time dateTime={new Date(entry.startTimestampMs).toISOString()}>
            {date.format(entry.startTimestampMs)}
          </time>
        </p>
        <EntrySummary entry={entry} />
        {renaming ? (
          <form onSubmit={submit} noValidate onKeyDown={(e) => e.key === 'Escape' && cancel()}>
            <FormGroup label={t('history.page.renameField', { title: shown })} labelFor={fieldId}>
              <InputGroup
                id={fieldId}
                value={title}
                autoFocus
                data-testid="history-rename-field"
                aria-invalid={problem !== undefined}
                aria-describedby={problemId}
                onChange={(e) => setTitle(e.target.value)}
              />
            </FormGroup>
            <p id={problemId} role="alert" className="field-problem">
              {problem ?? ''}
            </p>
            <div className="history-entry-actions">
              <Button type="submit" intent="primary" data-testid="history-rename-save">
                {t('history.page.renameSave')}
              </Button>
              <Button onClick={cancel}>{t('common.cancel')}</Button>
            </div>
          </form>
        ) : (
          <div className="history-entry-actions">
            <Link
              to={transcriptPath(entry.roomId)}
              className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
              aria-label={t('history.page.openLabel', { title: shown })}
              data-testid="history-open"
            >
              {t('history.page.open')}
            </Link>
            <Button
              ref={renameButton}
              disabled={pending !== undefined}
              aria-label={t('history.page.renameLabel', { title: shown })}
              data-testid="history-rename"
              onClick={() => {
                setTitle(entry.title);
                setRenaming(true);
              }}
            >
              {t('history.page.rename')}
            </Button>
            <Button
              intent="danger"
              variant="outlined"
              disabled={pending !== undefined}
              aria-haspopup="dialog"
              aria-label={t('history.page.deleteLabel', { title: shown })}
              data-testid="history-delete"
              onClick={() => setConfirmDelete(true)}
            >
              {t('history.page.delete')}
            </Button>
          </div>
        )}
        <ConfirmDialog
          isOpen={confirmDelete}
          testId="confirm-delete"
          title={t('history.page.deleteTitle')}
          body={t('history.page.deleteBody', { title: shown })}
          confirmLabel={t('history.page.deleteConfirm')}
          cancelLabel={t('common.cancel')}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            dispatch(historyActions.deleteRequested(entry.roomId));
          }}
        />
      </Card>
    </li>
  );
}

function History() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const history = useAppSelector((s) => s.history);
  const language = useAppSelector(selectLanguage);
  const date = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }),
    [language],
  );
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string>();
  const searchId = useId();
  const problemId = useId();

  useEffect(() => {
    dispatch(historyActions.listRequested(''));
  }, [dispatch]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim() === '') {
      setProblem(undefined);
      dispatch(historyActions.listRequested(''));
      return;
    }
    if (!searchTerms(query)) {
      setProblem(t('history.page.searchTooShort'));
      return;
    }
    setProblem(undefined);
    dispatch(historyActions.listRequested(query.trim()));
  };

  const loaded = history.status === 'loaded';
  const summary = !loaded
    ? ''
    : history.entries.length === 0
      ? t(history.search ? 'history.page.noResults' : 'history.page.empty')
      : t('history.page.count', { count: history.entries.length });

  return (
    <>
      <form role="search" className="history-search" onSubmit={search} noValidate>
        <FormGroup label={t('history.page.searchLabel')} labelFor={searchId}>
          <InputGroup
            id={searchId}
            type="search"
            value={query}
            placeholder={t('history.page.searchPlaceholder')}
            data-testid="history-search"
            aria-invalid={problem !== undefined}
            aria-describedby={problemId}
            onChange={(e) => setQuery(e.target.value)}
          />
        </FormGroup>
        <p id={problemId} role="alert" className="field-problem">
          {problem ?? ''}
        </p>
        <Button type="submit" intent="primary" data-testid="history-search-submit">
          {t('history.page.search')}
        </Button>
        {history.search && (
          <Button
            variant="minimal"
            onClick={() => {
              setQuery('');
              dispatch(historyActions.listRequested(''));
            }}
          >
            {t('history.page.clearSearch')}
          </Button>
        )}
      </form>
      {/* Said politely after each load or search: how many are shown, or that none are. */}
      <p role="status" aria-live="polite" className="history-summary" data-testid="history-summary">
        {summary}
      </p>
      {history.status === 'loading' && <Spinner size={24} aria-label={t('common.loading')} />}
      {history.status === 'failed' && (
        <Callout intent="danger" role="alert" title={t('history.page.loadFailed')}>
          {history.error}
          <p>
            <Button onClick={() => dispatch(historyActions.listRequested(history.search))}>
              {t('common.retry')}
            </Button>
          </p>
        </Callout>
      )}
      {history.entries.length > 0 && <BulkDelete />}
      {history.entries.length > 0 && (
        <ul className="history-list" aria-label={t('history.page.heading')}>
          {history.entries.map((entry) => (
            <Entry key={entry.roomId} entry={entry} date={date} />
          ))}
        </ul>
      )}
      {history.nextBefore !== undefined && (
        <Button
          loading={history.loadingMore}
          data-testid="history-more"
          onClick={() => dispatch(historyActions.moreRequested())}
        >
          {t('history.page.more')}
        </Button>
      )}
    </>
  );
}

/** /web/history: the person's saved conversations, newest first, searchable. */
export function HistoryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('history.page.title'));
  return (
    <div className="page history-page" data-testid="history-page">
      <H1>{t('history.page.heading')}</H1>
      <SessionGate>
        <History />
        <p>
          <Link to={ROUTES.conversations}>{t('common.backToConversations')}</Link>
        </p>
      </SessionGate>
    </div>
  );
}
