import { ROOM_NAME_MAX_LENGTH, ROOM_NAME_MIN_LENGTH } from '../../../shared/constants';
import { type RoomNameProblem, checkRoomName } from '../../../shared/validation';

/** Translation key and values that explain a room-name problem in words. */
export interface RoomNameMessage {
  key: `lobby.join.problems.${RoomNameProblem}`;
  values: { min: number; max: number };
}

export const ROOM_NAME_PROBLEMS: readonly RoomNameProblem[] = ['too-short', 'too-long', 'invalid-characters'];

export function roomNameMessage(problem: RoomNameProblem): RoomNameMessage {
  return {
    key: `lobby.join.problems.${problem}`,
    values: { min: ROOM_NAME_MIN_LENGTH, max: ROOM_NAME_MAX_LENGTH },
  };
}

/** The message for what the user typed, or undefined when the name can be looked up. */
export function validateRoomNameInput(input: string): RoomNameMessage | undefined {
  const problem = checkRoomName(input);
  return problem ? roomNameMessage(problem) : undefined;
}
