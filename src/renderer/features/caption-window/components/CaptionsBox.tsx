import { useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionViewQuery } from '../../../../shared/desktop';
import { useAppSelector } from '../../../app/hooks';
import { CaptionsView } from '../../captions/components/CaptionsView';
import { MessageComposer } from '../../typed-replies/components/MessageComposer';
import { useComposerShortcut } from '../../typed-replies/use-composer-shortcut';
import { bubbleReducer, initialBubble } from '../bubble';
import { CaptionBubble, useBubbleTimer } from './CaptionBubble';
import { CaptionConnection } from './CaptionConnection';
import { selectDesktopConfig, selectSharedCaptionsState } from '../../desktop/selectors';

/**
 * The captions box: a panel docked to a screen edge with the whole conversation, scrollable
 * (reading back pauses following; "jump to latest" resumes), at the user's text size. Its
 * controls hide 3 s after the pointer leaves them.
 */
export function CaptionsBox({ query, waiting }: { query: CaptionViewQuery; waiting: string }) {
  const { t } = useTranslation();
  const desktop = useAppSelector(selectDesktopConfig) !== undefined;
  const shared = useAppSelector(selectSharedCaptionsState);
  const [bubble, dispatchBubble] = useReducer(bubbleReducer, initialBubble);
  useBubbleTimer(bubble, dispatchBubble);
  const composer = useRef<HTMLTextAreaElement>(null);
  useComposerShortcut(composer);
  // A line typed here goes into the room through the recording window (this window only reads).
  const canReply = desktop && query.roomId !== undefined && !query.offline;

  return (
    <div
      className="captions-box"
      onPointerMove={() => dispatchBubble({ type: 'activity' })}
      data-testid="captions-box"
    >
      <header className="captions-box-header">
        <h1 className="captions-box-title">{t('desktop.boxTitle')}</h1>
        {desktop ? (
          <p className="captions-box-status" data-testid="captions-status" data-state={shared.audioStatus}>
            {t('desktop.status.label')} {t(`desktop.status.${shared.audioStatus}`)}
          </p>
        ) : null}
        <CaptionConnection {...(query.roomId ? { roomId: query.roomId } : {})} />
      </header>
      <CaptionBubble mode="captionsBox" query={query} bubble={bubble} dispatchBubble={dispatchBubble} />
      <p className="captions-box-waiting visually-hidden">{waiting}</p>
      <CaptionsView />
      {canReply ? (
        <div className="captions-box-composer">
          <MessageComposer inputRef={composer} viaRecorder />
        </div>
      ) : null}
    </div>
  );
}
