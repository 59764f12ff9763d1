import { Button } from '@blueprintjs/core';
import { Fragment, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectFontSizePx } from '../../settings/selectors';
import { autoScrollReducer, initialAutoScroll, isAtBottom, isNearTop } from '../auto-scroll';
import { initialReadingMarker, newSinceCount, readingMarkerReducer } from '../reading-marker';
import { speakerChanges } from '../model';
import { selectCaptions, selectOlder } from '../selectors';
import { captionsActions } from '../slice';
import { CAPTIONS_REGION_ID } from '../focus';
import { CaptionLine } from './CaptionLine';
import { FinalAnnouncer } from './FinalAnnouncer';
import { NewSinceButton, ReadingMarkerLine } from './ReadingMarker';

/**
 * The live captions, at the user's font size. Follows the newest caption; scrolling back to
 * read pauses that, and "jump to latest" (or scrolling to the bottom) resumes it. Scrolling back
 * or leaving the window marks where the reader stopped (reading-marker.ts), and "N new since"
 * takes them back there. A long
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
  const [marker, dispatchMarker] = useReducer(readingMarkerReducer, initialReadingMarker);
  const ids = useMemo(() => captions.map((c) => c.id), [captions]);
  const newSince = newSinceCount(ids, marker);
  /** The newest line now, for the marker (read in event handlers, not on every render). */
  const lastId = useRef<string | undefined>(undefined);
  lastId.current = ids.at(-1);
  /** Scrolling to the marker (not the reader scrolling back): it does not move the marker. */
  const visiting = useRef(false);
  const scroller = useRef<HTMLDivElement>(null);
  /** Where the captions were scrolled to at the last scroll event: moving up is reading back. */
  const lastScrollTop = useRef(0);
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

  // Scrolling back stops reading the newest lines; being back at the newest line catches up.
  useEffect(() => {
    if (scroll.following) {
      visiting.current = false;
      dispatchMarker({ type: 'caughtUp' });
    } else if (!visiting.current) {
      dispatchMarker({ type: 'away', lastSeenId: lastId.current });
    }
  }, [scroll.following]);

  // The window losing focus (another window, another tab) stops reading too.
  useEffect(() => {
    const away = () => dispatchMarker({ type: 'away', lastSeenId: lastId.current });
    const back = () => dispatchMarker({ type: 'back', lastId: lastId.current });
    const visibility = () => (document.visibilityState === 'hidden' ? away() : back());
    window.addEventListener('blur', away);
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('blur', away);
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, []);

  /** Back to where they stopped: the first new line at the top, and the keyboard on it. */
  const goToMarker = () => {
    const from = marker.markerId === undefined ? -1 : ids.lastIndexOf(marker.markerId);
    const first = ids[from + 1];
    const el = first
      ? scroller.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(first)}"]`)
      : null;
    visiting.current = true;
    dispatchMarker({ type: 'caughtUp' });
    if (!el) return;
    el.tabIndex = -1;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  };

  const loadEarlier = () => dispatch(captionsActions.olderRequested());

  const jump = () => {
    dispatchScroll({ type: 'jumpToLatest' });
    scroller.current?.focus();
  };

  return (
    <div className="captions">
      <div
        ref={scroller}
        id={CAPTIONS_REGION_ID}
        className="captions-scroll"
        role="region"
        aria-label={t('captions.region')}
        tabIndex={0}
        style={{ fontSize: `${fontSize}px` }}
        onScroll={(event) => {
          const el = event.currentTarget;
          const movedUp = el.scrollTop < lastScrollTop.current - 1;
          lastScrollTop.current = el.scrollTop;
          const atBottom = isAtBottom(el);
          dispatchScroll({ type: 'userScrolled', atBottom, movedUp });
          // Still following, but the content grew or the box shrank since the last scroll: back to the newest line.
          if (!atBottom && !movedUp && following.current) el.scrollTop = el.scrollHeight;
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
            <Fragment key={transcript.id}>
              <CaptionLine transcript={transcript} showAuthor={named[i]} />
              {newSince > 0 && transcript.id === marker.markerId ? <ReadingMarkerLine /> : null}
            </Fragment>
          ))}
        </ol>
      </div>
      {/* Below the captions, never over them: a row of its own while either is shown. */}
      {newSince > 0 || !scroll.following ? (
        <div className="captions-actions" data-testid="captions-actions">
          {newSince > 0 ? <NewSinceButton count={newSince} onClick={goToMarker} /> : <span />}
          {scroll.following ? null : (
            <Button className="jump-to-latest" intent="primary" data-testid="jump-to-latest" onClick={jump}>
              {scroll.unseen > 0
                ? t('captions.jumpToLatestNew', { count: scroll.unseen })
                : t('captions.jumpToLatest')}
            </Button>
          )}
        </div>
      ) : null}
      <FinalAnnouncer />
    </div>
  );
}
