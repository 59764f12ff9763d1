import { Button } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectFontSizePx } from '../../settings/selectors';
import { autoScrollReducer, initialAutoScroll, isAtBottom, isNearTop } from '../auto-scroll';
import { speakerChanges } from '../model';
import { selectCaptions, selectOlder } from '../selectors';
import { captionsActions } from '../slice';
import { CaptionLine } from './CaptionLine';
import { FinalAnnouncer } from './FinalAnnouncer';

/**
 * The live captions, at the user's font size. Follows the newest caption; scrolling back to
 * read pauses that, and "jump to latest" (or scrolling to the bottom) resumes it. A long
 * conversation arrives as its latest captions only: scrolling to the top (or the button there)
 * fetches the earlier ones, and the lines being read stay where they were on screen.
 */
export function CaptionsView() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const captions = useAppSelector(selectCaptions);
  const older = useAppSelector(selectOlder);
  const fontSize = useAppSelector(selectFontSizePx);
  const named = useMemo(() => speakerChanges(captions), [captions]);
  const [scroll, dispatchScroll] = useReducer(autoScrollReducer, initialAutoScroll);
  const scroller = useRef<HTMLDivElement>(null);
  const shownCount = useRef(captions.length);
  /** The first caption and the content height at the last render, to spot a page put above. */
  const top = useRef<{ id: string | undefined; height: number }>({ id: undefined, height: 0 });

  useLayoutEffect(() => {
    const first = captions[0]?.id;
    const previous = top.current;
    const prepended =
      previous.id !== undefined && first !== previous.id && captions.some((c) => c.id === previous.id);
    const added = captions.length - shownCount.current;
    shownCount.current = captions.length;
    const el = scroller.current;
    if (prepended && el) {
      // Older captions went in above: keep what the reader was looking at in place.
      el.scrollTop += el.scrollHeight - previous.height;
    } else if (added > 0) {
      dispatchScroll({ type: 'captionsAdded', count: added });
    }
    top.current = { id: first, height: el?.scrollHeight ?? 0 };
  }, [captions]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && scroll.following) el.scrollTop = el.scrollHeight;
    if (el) top.current = { ...top.current, height: el.scrollHeight };
  }, [captions, fontSize, scroll.following]);

  // The window, a notice or the keyboard took room from the captions: the newest line stays in view.
  const following = useRef(scroll.following);
  following.current = scroll.following;
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const loadEarlier = () => dispatch(captionsActions.olderRequested());

  const jump = () => {
    dispatchScroll({ type: 'jumpToLatest' });
    scroller.current?.focus();
  };

  return (
    <div className="captions">
      <div
        ref={scroller}
        className="captions-scroll"
        role="region"
        aria-label={t('captions.region')}
        tabIndex={0}
        style={{ fontSize: `${fontSize}px` }}
        onScroll={(event) => {
          dispatchScroll({ type: 'userScrolled', atBottom: isAtBottom(event.currentTarget) });
          if (older.hasOlder && !older.loading && isNearTop(event.currentTarget)) loadEarlier();
        }}
      >
        {older.hasOlder ? (
          <Button
            className="captions-earlier"
            minimal
            small
            loading={older.loading}
            data-testid="captions-earlier"
            onClick={loadEarlier}
          >
            {older.loading ? t('captions.loadingEarlier') : t('captions.loadEarlier')}
          </Button>
        ) : null}
        {captions.length === 0 ? <p className="captions-empty">{t('captions.empty')}</p> : null}
        <ol className="captions-list" data-testid="captions">
          {captions.map((transcript, i) => (
            <CaptionLine key={transcript.id} transcript={transcript} showAuthor={named[i]} />
          ))}
        </ol>
      </div>
      {scroll.following ? null : (
        <Button className="jump-to-latest" intent="primary" data-testid="jump-to-latest" onClick={jump}>
          {scroll.unseen > 0
            ? t('captions.jumpToLatestNew', { count: scroll.unseen })
            : t('captions.jumpToLatest')}
        </Button>
      )}
      <FinalAnnouncer />
    </div>
  );
}
