import { Button } from '@blueprintjs/core';
import { useLayoutEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectFontSizePx } from '../../settings/selectors';
import { autoScrollReducer, initialAutoScroll, isAtBottom } from '../autoScroll';
import { selectCaptions } from '../selectors';
import { CaptionLine } from './CaptionLine';
import { FinalAnnouncer } from './FinalAnnouncer';

/**
 * The live captions, at the user's font size. Follows the newest caption; scrolling back to
 * read pauses that, and "jump to latest" (or scrolling to the bottom) resumes it.
 */
export function CaptionsView() {
  const { t } = useTranslation();
  const captions = useAppSelector(selectCaptions);
  const fontSize = useAppSelector(selectFontSizePx);
  const [scroll, dispatchScroll] = useReducer(autoScrollReducer, initialAutoScroll);
  const scroller = useRef<HTMLDivElement>(null);
  const shownCount = useRef(captions.length);

  useLayoutEffect(() => {
    const added = captions.length - shownCount.current;
    shownCount.current = captions.length;
    if (added > 0) dispatchScroll({ type: 'captionsAdded', count: added });
  }, [captions.length]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && scroll.following) el.scrollTop = el.scrollHeight;
  }, [captions, fontSize, scroll.following]);

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
        onScroll={(event) =>
          dispatchScroll({ type: 'userScrolled', atBottom: isAtBottom(event.currentTarget) })
        }
      >
        {captions.length === 0 ? <p className="captions-empty">{t('captions.empty')}</p> : null}
        <ol className="captions-list" data-testid="captions">
          {captions.map((transcript) => (
            <CaptionLine key={transcript.id} transcript={transcript} />
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
