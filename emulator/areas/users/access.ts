/** The `onBehalfOf` header: which user a request acts for. */
import { validationError } from '../../core/errors';
import type { Req } from '../../core/router';
import { header } from '../../core/validation';
import type { Users } from './collection';

/** A valid onBehalfOf uid, if the header was sent (404 when it names no user). */
export function optionalOnBehalfOf(users: Users, req: Req): string | undefined {
	const uid = header(req.headers, 'onbehalfof');
	if (uid !== undefined) users.require(uid);
	return uid;
}

/** The onBehalfOf uid (required: 400 when missing, 404 when it names no user). */
export function requireOnBehalfOf(users: Users, req: Req): string {
	const uid = header(req.headers, 'onbehalfof');
	if (uid === undefined) throw validationError({ onBehalfOf: ['The onBehalfOf header is required.'] });
	users.require(uid);
	return uid;
}
