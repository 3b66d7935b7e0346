import { simplifiedPicker } from '../../fields/lists';
import { listOperation } from '../list';

/** The fields of a role that a workflow usually needs (Simplify). */
const SIMPLIFIED_ROLE_FIELDS = ['role', 'name', 'description', 'settings'];

export const getMany = listOperation({
	action: 'Get many roles',
	description: 'List the roles of the app, newest first. A role decides whom its users can list and message.',
	strategy: 'numberedPages',
	identity: 'role',
	request: () => ({ method: 'GET', path: ['roles'] }),
	simplify: { fields: SIMPLIFIED_ROLE_FIELDS, pick: simplifiedPicker(SIMPLIFIED_ROLE_FIELDS) },
});
