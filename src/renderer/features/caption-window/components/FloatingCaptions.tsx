import type { KeyboardEvent } from 'react';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionViewQuery } from '../../../../shared/desktop';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CaptionLine } from '../../captions/components/CaptionLine';
import { FinalAnnouncer } from '../../captions/components/FinalAnnouncer';
import { speakerChanges } from '../../captions/model';
import { selectCaptions } from '../../captions/selectors';
import { selectFontSizePx } from '../../settings/selectors';
import { bubbleReducer, initialBubble } from '../bubble';
import { FLOATING_LINES, moveForKey } from '../caption-view';
import { CaptionBubble, useBubbleTimer } from './CaptionBubble';
import { CaptionConnection } from './CaptionConnection';
import { selectDesktopConfig } from '../../desktop/selectors';
import { desktopActions } from '../../desktop/slice';

const HINT_ID = 'floating-move-hint';

/**
 * Floating captions: the last few lines, large, on their own panel in a transparent window that
 * stays above everything. The controls (the bubble) show on pointer movement or keyboard focus
 * and hide 3 s later. The panel takes keyboard focus; arrow keys move the window.
 */
export function FloatingCaptions({ query, waiting }: { query: CaptionViewQuery; waiting: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const captions = useAppSelector(selectCaptions);
  const fontSize = useAppSelector(selectFontSizePx);
  const desktop = useAppSelector(selectDesktopConfig) !== undefined;
  const [bubble, dispatchBubble] = useReducer(bubbleReducer, initialBubble);
  useBubbleTimer(bubble, dispatchBubble);
  const lines = captions.slice(-FLOATING_LINES);
  // The oldest line on screen names its speaker, even if that speaker spoke just before it.
  const named = speakerChanges(lines);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = moveForKey(event.key, event.shiftKey);
    if (!move || !desktop) return;
    event.preventDefault();
    dispatch(desktopActions.windowMoveRequested(move));
  };

  return (
    <div className="floating-captions" onPointerMove={() => dispatchBubble({ type: 'activity' })}>
      <CaptionBubble mode="floatingCaptions" query={query} bubble={bubble} dispatchBubble={dispatchBubble} />
      <div
        className="floating-panel"
        role="region"
        aria-label={t('desktop.floatingTitle')}
        aria-describedby={desktop ? HINT_ID : undefined}
        tabIndex={0}
        data-testid="floating-captions"
        style={{ fontSize: `${fontSize}px` }}
        onKeyDown={onKeyDown}
        onFocus={() => dispatchBubble({ type: 'activity' })}
      >
        <CaptionConnection {...(query.roomId ? { roomId: query.roomId } : {})} />
        {lines.length === 0 ? (
          <p className="floating-waiting">{waiting}</p>
        ) : (
          <ol className="floating-lines captions-list" data-testid="captions">
            {lines.map((transcript, i) => (
              <CaptionLine key={transcript.id} transcript={transcript} showAuthor={named[i]} />
            ))}
          </ol>
        )}
      </div>
      {desktop ? (
        <p id={HINT_ID} className="visually-hidden">
          {t('desktop.moveHint')}
        </p>
      ) : null}
      <FinalAnnouncer />
    </div>
  );
}
