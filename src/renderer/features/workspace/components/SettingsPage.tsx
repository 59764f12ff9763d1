import { Button, Callout, H2, InputGroup, Spinner, TextArea } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SCRIBE_LIMIT_MESSAGE,
  type WorkspaceSettings,
  checkVocabulary,
  parseScribeLimit,
} from '../../../../shared/workspace';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { workspaceActions } from '../slice';
import { FieldWithProblem, problemProps } from './FieldProblem';
import { ScribeTimeGrant } from './ScribeTimeGrant';

function SettingsForm({ settings }: { settings: WorkspaceSettings }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useAppSelector((s) => s.workspace.forms.settings);
  const [words, setWords] = useState(settings.vocabulary.join(', '));
  const [limit, setLimit] = useState(
    settings.scribeLimitMinutes === null ? '' : String(settings.scribeLimitMinutes),
  );
  const [problems, setProblems] = useState<{ words?: string; limit?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const vocabulary = checkVocabulary(words);
    const scribe = parseScribeLimit(limit);
    const found = {
      ...(vocabulary.ok ? {} : { words: vocabulary.message }),
      ...(scribe.ok ? {} : { limit: SCRIBE_LIMIT_MESSAGE }),
    };
    setProblems(found);
    if (!vocabulary.ok || !scribe.ok) return;
    setWords(vocabulary.words.join(', '));
    dispatch(
      workspaceActions.settingsRequested({
        vocabulary: vocabulary.words,
        scribeLimitMinutes: scribe.minutes,
      }),
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <FieldWithProblem
        label={t('organizations.workspace.settings.vocabulary')}
        field="org-vocabulary"
        help={t('organizations.workspace.settings.vocabularyHelp')}
        problem={problems.words}
      >
        <TextArea
          id="org-vocabulary"
          fill
          rows={4}
          value={words}
          onChange={(e) => setWords(e.currentTarget.value)}
          {...problemProps('org-vocabulary-error', problems.words)}
          data-testid="org-vocabulary"
        />
      </FieldWithProblem>
      <FieldWithProblem
        label={t('organizations.workspace.settings.scribeLimit')}
        field="org-scribe-limit"
        help={t('organizations.workspace.settings.scribeLimitHelp')}
        problem={problems.limit}
      >
        <InputGroup
          id="org-scribe-limit"
          inputMode="numeric"
          value={limit}
          onValueChange={setLimit}
          {...problemProps('org-scribe-limit-error', problems.limit)}
          data-testid="org-scribe-limit"
        />
      </FieldWithProblem>
      <Button type="submit" intent="primary" loading={form.saving} data-testid="settings-save">
        {t('organizations.workspace.save')}
      </Button>
      <div role="status">
        {form.error ? (
          <p className="field-problem" data-testid="settings-error">
            {form.error}
          </p>
        ) : form.saved ? (
          <p className="field-help" data-testid="settings-saved">
            {t('organizations.workspace.saved')}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Organisation vocabulary (the boost words' rule), the Scribe limit per member per month, and
 * Scribe time granted to a member.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const settings = useAppSelector((s) => s.workspace.settings);
  useEffect(() => {
    dispatch(workspaceActions.loadRequested('settings'));
  }, [dispatch]);
  return (
    <section aria-labelledby="settings-heading" data-testid="workspace-settings">
      <H2 id="settings-heading">{t('organizations.workspace.settings.heading')}</H2>
      <div role="alert">
        {settings.status === 'failed' ? (
          <Callout intent="danger">
            {t('organizations.workspace.loadFailed', { message: settings.error ?? '' })}
          </Callout>
        ) : null}
      </div>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.status === 'loading' ? (
        <Spinner size={24} aria-label={t('organizations.workspace.loading')} />
      ) : null}
      <ScribeTimeGrant />
    </section>
  );
}
