import { Button, Callout, Switch } from '@blueprintjs/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import { lineView } from '../../../../shared/transcript-edit/replica';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCaptions } from '../../captions/selectors';
import { selectIsHost, selectRoomStatus } from '../../conversation/selectors';
import { selectFontSizePx } from '../../settings/selectors';
import { transcriptEditActions } from '../slice';
import { selectEditing } from '../selectors';
import { type EditorWord, appendPoint, cursorsByWord, moveSelection, wordsOf } from '../words';
import { firmWordCount, firmWordsAfterEdits } from '../../../../shared/firm-words';
import '../transcript-edit.css';

interface EditorLine {
  transcript: Transcript;
  text: string;
  words: EditorWord[];
  /** Words from this one on are the recogniser's tentative tail (shared/firm-words.ts). */
  firmWords: number;
}

/**
 * "Correct captions": the transcript as words a person moves through by keyboard (or clicks),
 * types over and commits with Enter (the spec's word selection). Each word is a button; only the
 * selected one is in the tab order, so Tab leaves the editor and the arrows move inside it.
 * Corrected words are marked (not by colour alone: underlined, and said to screen readers);
 * other editors' cursors are shown where they are; someone else's correction is said once.
 */
export function TranscriptEditor() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const captions = useAppSelector(selectCaptions);
  const replica = useAppSelector((s) => s.transcriptEdit.replica);
  const selection = useAppSelector((s) => s.transcriptEdit.selection);
  const cursors = useAppSelector((s) => s.transcriptEdit.cursors);
  const myHash = useAppSelector((s) => s.transcriptEdit.myHash);
  const refusal = useAppSelector((s) => s.transcriptEdit.refusal);
  const editing = useAppSelector(selectEditing);
  const fontSize = useAppSelector(selectFontSizePx);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const input = useRef<HTMLInputElement>(null);

  const lines: EditorLine[] = useMemo(
    () =>
      captions
        .filter((c) => !c.gap)
        .map((transcript) => {
          const view = lineView(replica, transcript.id);
          const text = view?.text ?? transcript.texts[transcript.speechLang] ?? '';
          const words = wordsOf(text, view?.highlighted ?? transcript.highlighted);
          // The tail stays the line's last words through this editor's own edits not yet sequenced.
          const asrText = transcript.texts[transcript.speechLang] ?? '';
          const firmWords = firmWordsAfterEdits(firmWordCount(transcript), asrText, text);
          return { transcript, text, words, firmWords };
        })
        .filter((l) => l.words.length > 0),
    [captions, replica],
  );
  const counts = lines.map((l) => l.words.length);
  const lineIndex = selection ? lines.findIndex((l) => l.transcript.id === selection.lineId) : -1;
  const selected = lineIndex >= 0 ? { line: lineIndex, word: selection!.word } : undefined;
  const keyOf = (line: number, word: number) => `${lines[line]?.transcript.id}:${word}`;

  // The selected word has the keyboard (after moving, committing or cancelling).
  useEffect(() => {
    if (!selected || draft !== undefined) return;
    buttons.current.get(keyOf(selected.line, selected.word))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection?.lineId, selection?.word, draft]);
  useEffect(() => {
    if (draft !== undefined) input.current?.focus();
  }, [draft === undefined]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (line: number, word: number) => {
    const l = lines[line];
    if (!l) return;
    const w = l.words[word];
    dispatch(
      transcriptEditActions.selected({
        lineId: l.transcript.id,
        word,
        cursorIndex: w ? w.start : appendPoint(l.text).index,
      }),
    );
  };

  const commit = () => {
    if (!selected || draft === undefined) return;
    const l = lines[selected.line]!;
    const w = l.words[selected.word];
    const text = draft.trim().replace(/\s+/gu, ' ');
    setDraft(undefined);
    if (!editing.allowed) return;
    const lang = l.transcript.speechLang;
    if (w) {
      if (text === w.text) return;
      dispatch(
        transcriptEditActions.wordCommitted({
          lineId: l.transcript.id,
          start: w.start,
          word: w.text,
          text,
          lang,
        }),
      );
      // An emptied word is gone: the keyboard stays at that place (the next word, or the line's end).
      if (!text && selected.word >= l.words.length - 1)
        select(selected.line, Math.max(0, l.words.length - 2));
    } else if (text) {
      const at = appendPoint(l.text);
      dispatch(
        transcriptEditActions.wordCommitted({
          lineId: l.transcript.id,
          start: at.index,
          word: '',
          text: at.prefix + text,
          lang,
        }),
      );
    }
  };

  const onWordKey = (event: KeyboardEvent<HTMLButtonElement>, line: number, word: number) => {
    const go = (to: { line: number; word: number } | undefined) => {
      event.preventDefault();
      if (to) select(to.line, to.word);
    };
    switch (event.key) {
      case 'ArrowRight':
        return go(moveSelection(counts, { line, word }, 1, editing.allowed));
      case 'ArrowLeft':
        return go(moveSelection(counts, { line, word }, -1, editing.allowed));
      case 'ArrowDown':
        return go(
          line + 1 < lines.length
            ? { line: line + 1, word: Math.min(word, counts[line + 1]! - 1) }
            : undefined,
        );
      case 'ArrowUp':
        return go(line > 0 ? { line: line - 1, word: Math.min(word, counts[line - 1]! - 1) } : undefined);
      case 'Home':
        return go({ line, word: 0 });
      case 'End':
        return go({ line, word: counts[line]! - 1 });
      case 'Enter':
      case 'F2':
        if (!editing.allowed) return;
        event.preventDefault();
        setDraft(lines[line]!.words[word]?.text ?? '');
        return;
      case 'Delete':
      case 'Backspace':
        if (!editing.allowed) return;
        event.preventDefault();
        setDraft('');
        return;
      default:
        // Typing replaces the word: the first key starts the replacement.
        if (editing.allowed && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          setDraft(event.key);
        }
    }
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(undefined);
    }
  };

  return (
    <section
      className="transcript-editor"
      aria-labelledby="transcript-editor-heading"
      data-testid="transcript-editor"
    >
      <h3 id="transcript-editor-heading" className="transcript-editor-heading">
        {t('editing.heading')}
      </h3>
      <p className="field-help" id="transcript-editor-help">
        {editing.allowed ? t('editing.help') : t(editing.reason)}
      </p>
      {refusal ? (
        <Callout intent="warning" compact data-testid="editor-refusal">
          {t('editing.refused', { message: refusal })}
        </Callout>
      ) : null}
      <MembersEditingSwitch />
      <CorrectionAnnouncer />
      {lines.length === 0 ? <p className="captions-empty">{t('captions.empty')}</p> : null}
      <ol className="transcript-editor-lines" style={{ fontSize: `${fontSize}px` }}>
        {lines.map((l, line) => {
          const marks = cursorsByWord(
            l.words,
            (cursors[l.transcript.id] ?? []).filter((c) => c.mutatorHash !== myHash),
          );
          const appendSelected = selected?.line === line && selected.word === l.words.length;
          return (
            <li
              key={l.transcript.id}
              className="editor-line"
              data-testid="editor-line"
              data-id={l.transcript.id}
              lang={l.transcript.speechLang || undefined}
            >
              <span className="editor-author">
                {l.transcript.authorShow || t('captions.unknownSpeaker')}:{' '}
              </span>
              {l.words.map((w, word) => {
                const isSelected = selected?.line === line && selected.word === word;
                const others = marks.get(word);
                if (isSelected && draft !== undefined)
                  return (
                    <input
                      key={word}
                      ref={input}
                      className="editor-input"
                      data-testid="editor-input"
                      aria-label={t('editing.replace', { word: w.text })}
                      aria-describedby="transcript-editor-help"
                      value={draft}
                      size={Math.max(4, draft.length + 1)}
                      onChange={(e) => setDraft(e.target.value)}
                      onKeyDown={onInputKey}
                      onBlur={() => setDraft(undefined)}
                    />
                  );
                return (
                  <span key={word}>
                    <button
                      type="button"
                      ref={(el) => {
                        const key = keyOf(line, word);
                        if (el) buttons.current.set(key, el);
                        else buttons.current.delete(key);
                      }}
                      className={[
                        'editor-word',
                        w.corrected ? 'editor-word--corrected' : '',
                        others ? 'editor-word--others' : '',
                        word >= l.firmWords ? 'editor-word--tentative' : '',
                      ].join(' ')}
                      data-testid="editor-word"
                      data-corrected={w.corrected ? 'true' : 'false'}
                      data-tentative={word >= l.firmWords ? 'true' : undefined}
                      tabIndex={isSelected || (!selected && line === 0 && word === 0) ? 0 : -1}
                      aria-current={isSelected ? 'true' : undefined}
                      aria-label={[
                        w.text,
                        w.corrected ? t('editing.corrected') : '',
                        word >= l.firmWords ? t('editing.tentative') : '',
                        others ? t('editing.othersHere', { count: others.length }) : '',
                      ]
                        .filter(Boolean)
                        .join(', ')}
                      onClick={() => {
                        select(line, word);
                        if (editing.allowed) setDraft(w.text);
                      }}
                      onKeyDown={(e) => onWordKey(e, line, word)}
                    >
                      {w.text}
                    </button>{' '}
                  </span>
                );
              })}
              {appendSelected ? (
                draft !== undefined ? (
                  <input
                    ref={input}
                    className="editor-input"
                    data-testid="editor-input"
                    aria-label={t('editing.addWord')}
                    value={draft}
                    size={Math.max(4, draft.length + 1)}
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={onInputKey}
                    onBlur={() => setDraft(undefined)}
                  />
                ) : (
                  <button
                    type="button"
                    className="editor-word editor-word--new"
                    data-testid="editor-new-word"
                    ref={(el) => {
                      const key = keyOf(line, l.words.length);
                      if (el) buttons.current.set(key, el);
                      else buttons.current.delete(key);
                    }}
                    tabIndex={0}
                    aria-label={t('editing.addWord')}
                    onClick={() => setDraft('')}
                    onKeyDown={(e) => onWordKey(e, line, l.words.length)}
                  >
                    +
                  </button>
                )
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The host's switch: whether members may correct (the host and Scribes always may). */
function MembersEditingSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isHost = useAppSelector(selectIsHost);
  const disabled = useAppSelector((s) => selectRoomStatus(s)?.editingDisabled === true);
  if (!isHost) return null;
  return (
    <Switch
      data-testid="members-editing-switch"
      checked={!disabled}
      label={t('editing.disableForMembers')}
      onChange={(e) => dispatch(transcriptEditActions.editingDisabledSet(!e.currentTarget.checked))}
    />
  );
}

/** Says someone else's correction once (polite, so the person's own reading is not cut off). */
function CorrectionAnnouncer() {
  const { t } = useTranslation();
  const announcement = useAppSelector((s) => s.transcriptEdit.announcement);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!announcement) return;
    setSaid(t('editing.announce', { text: announcement.text }));
    const timer = window.setTimeout(() => setSaid(''), 5000);
    return () => window.clearTimeout(timer);
  }, [announcement?.seq]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="visually-hidden" aria-live="polite" data-testid="editor-announcer">
      {said}
    </div>
  );
}

/** The "Correct captions" switch of the conversation screen (shown to those who may edit). */
export function CorrectCaptionsToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.transcriptEdit.open);
  const editing = useAppSelector(selectEditing);
  if (!editing.visible) return null;
  return (
    <Button
      className="correct-captions-toggle"
      data-testid="correct-captions-toggle"
      icon="edit"
      variant="outlined"
      aria-pressed={open}
      onClick={() => dispatch(transcriptEditActions.toggled())}
      text={t('editing.toggle')}
    />
  );
}
