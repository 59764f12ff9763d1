/**
 * The desktop caption window (/cc/conversation): floating captions and the captions box, their
 * bubble of controls, connection line and themes. Reads desktop's state; keeps none of its own.
 */
export { CaptionModePage } from './components/CaptionModePage';
