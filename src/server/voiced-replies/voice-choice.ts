/**
 * Which voice reads a reply: the one the request names, else the account's chosen voice (the
 * onboarding's), else the default of its preferred gender, else the spec's default (openai-echo).
 * A named voice that does not exist is undefined: the request is refused, not read by another.
 */
import { resolveVoice, voiceFromId } from '../../shared/tts';
import type { TtsVoice } from '../../shared/user';
import type { Principal } from '../auth';

export function voiceOfRequest(voiceId: string | undefined, principal: Principal): TtsVoice | undefined {
  if (voiceId !== undefined) return voiceFromId(voiceId);
  const profile = principal.kind === 'account' ? principal.profile : undefined;
  return resolveVoice(profile?.ttsVoice, profile?.ttsGender);
}
