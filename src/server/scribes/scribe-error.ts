/**
 * A Scribe request or action refused, by the rule it broke (shared/scribe/model.ts): the socket
 * answers it as `scribe-request-failed`, the routes as their error, in the catalogue's words.
 */
import { type ScribeRefusal, SCRIBE_ERRORS } from '../../shared/scribe/model';

export class ScribeError extends Error {
  constructor(readonly refusal: ScribeRefusal) {
    super(SCRIBE_ERRORS[refusal]);
  }
}
