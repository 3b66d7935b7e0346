/**
 * The moderation set-up: reasons, rules and keyword lists created, read, changed and deleted; the
 * messages submitted for moderation; the reviewed messages (docs/emulator.md, Moderation set-up).
 * Bodies of the published operations are checked against their schema by the validation step
 * (core/contract.ts) before these handlers run.
 */
import { ApiError, validationError } from '../../core/errors';
import type { Router } from '../../core/router';
import { requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Areas } from '../types';
import type { Reason } from './collection';
import { reasonOut } from './views';

/** A single reason as its own answers show it: the times as numbers (the list shows them as text). */
function reasonRecord(r: Reason): Json {
	return { ...reasonOut(r), createdAt: Number(r.createdAt), updatedAt: Number(r.updatedAt) };
}

export function register(router: Router, areas: Areas): void {
	const { app, moderation } = areas;

	router.add('POST', '/v3/moderation/reasons', (req) => {
		const body = requireBodyObject(req.body);
		if (body.id === '') throw validationError({ id: ['The id must not be empty.'] });
		if (moderation.reasons.has(body.id))
			throw new ApiError('ERR_REASON_ALREADY_EXISTS', `The reason with id ${body.id} already exists.`, { details: { id: body.id } });
		return { data: reasonRecord(moderation.addReason({ id: body.id, name: body.name, description: body.description })) };
	});

	router.add('GET', '/v3/moderation/reasons/:id', (req) => ({ data: reasonRecord(moderation.requireReason(req.params.id)) }));

	router.add('PUT', '/v3/moderation/reasons/:id', (req) => {
		const reason = moderation.requireReason(req.params.id);
		const body = requireBodyObject(req.body);
		if (body.name === '') throw validationError({ name: ['The name must not be empty.'] });
		reason.name = body.name;
		reason.updatedAt = String(app.now());
		return { data: reasonRecord(reason) };
	});

	// The published answer has no `data` wrapper.
	router.add('DELETE', '/v3/moderation/reasons/:id', (req) => {
		moderation.requireReason(req.params.id);
		moderation.reasons.delete(req.params.id);
		return { success: true, message: `The reason with id ${req.params.id} has been deleted successfully.` };
	});
}
