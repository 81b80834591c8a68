/** What other modules (auth) use of users. */
export { deleteUserRow, selectPasswordHash, updatePasswordHash } from './queries.ts';
export { createUser, findUserByUsername } from './service.ts';
