/** Translation's socket handlers on a fake context: each asks the room for its one change. */
import { describe, expect, it } from 'vitest';
import {
  autoTranslateSetGuestLanguage,
  autoTranslateToggle,
  setReadingLanguage,
} from '../../../../src/server/translation/socket-handlers';
import { fakeMemberContext } from '../../../helpers/socket-context';

describe('translation on the socket', () => {
  it('set-reading-language sets the sender’s own reading language', () => {
    const { ctx, room, member } = fakeMemberContext();
    setReadingLanguage(ctx, { type: 'set-reading-language', lang: 'fr' });
    expect(room.setReadingLanguage).toHaveBeenCalledWith(member, 'fr');
  });

  it('auto-translate-toggle switches whose turn it is', () => {
    const { ctx, room } = fakeMemberContext();
    autoTranslateToggle(ctx, { type: 'auto-translate-toggle' });
    expect(room.toggleAutoTranslate).toHaveBeenCalledTimes(1);
  });

  it('auto-translate-set-guest-language says which language the guest speaks', () => {
    const { ctx, room } = fakeMemberContext();
    autoTranslateSetGuestLanguage(ctx, { type: 'auto-translate-set-guest-language', language: 'es' });
    expect(room.setAutoTranslateGuestLanguage).toHaveBeenCalledWith('es');
  });
});
