/** What other modules (auth) use of users. */
export { deleteUserRow, selectPasswordHash, selectUserByUsername, updatePasswordHash } from './queries.ts';
export { createUser } from './service.ts';
