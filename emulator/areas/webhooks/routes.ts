/**
 * The management host's webhook routes: /apps/{appId}/webhooks (create, list, get, update, delete)
 * and /apps/{appId}/webhooks/{id}/triggers (list, add, remove). The server checks the headers key,
 * secret and X-Webhook-Version first.
 */
import { ApiError, throwIfInvalid } from '../../core/errors';
import type { Details } from '../../core/errors';
import type { Req, Router } from '../../core/router';
import { checkTypes, isStringArray, queryOne, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Areas } from '../types';
import type { Webhook } from './collection';
import { WEBHOOK_EVENT_NAMES } from './events';
import { webhookOut } from './views';

const ID = /^[A-Za-z0-9]{1,50}$/;
const CREDENTIAL = /^[A-Za-z0-9]+$/;
const KNOWN = new Set(WEBHOOK_EVENT_NAMES);

export function register(router: Router, areas: Areas): void {
	const { app, webhooks } = areas;

	function requireApp(req: Req): void {
		if (req.params.appId !== app.appId) {
			throw new ApiError('ERR_ROUTE_NOT_FOUND', `No app with id ${req.params.appId} for this key.`, {
				details: { appId: req.params.appId },
			});
		}
	}

	/** Checks the fields a create or an update sets (all optional for an update). */
	function checkFields(body: Json, details: Details, creating: boolean): void {
		checkTypes(
			body,
			{
				id: 'string',
				name: 'string',
				webhookURL: 'string',
				useBasicAuth: 'boolean',
				username: 'string',
				password: 'string',
				enabled: 'boolean',
				retryOnFailure: 'boolean',
			},
			details,
		);
		if (creating) {
			for (const k of ['id', 'name', 'webhookURL'])
				if (body[k] === undefined || body[k] === '') details[k] = [`The ${k} field is required.`];
			if (typeof body.id === 'string' && !ID.test(body.id)) details.id = ['The id must be 1 to 50 letters and digits.'];
		}
		if (typeof body.webhookURL === 'string') {
			let ok = body.webhookURL.length <= 255;
			try {
				ok = ok && ['http:', 'https:'].includes(new URL(body.webhookURL).protocol);
			} catch {
				ok = false;
			}
			if (!ok) details.webhookURL = ['The webhookURL must be an http(s) URL of at most 255 characters.'];
		}
		if (typeof body.username === 'string' && (body.username.length > 50 || !CREDENTIAL.test(body.username)))
			details.username = ['The username must be 1 to 50 letters and digits.'];
		if (typeof body.password === 'string' && (body.password.length > 100 || !CREDENTIAL.test(body.password)))
			details.password = ['The password must be 1 to 100 letters and digits.'];
	}

	function checkBasicAuth(w: Pick<Webhook, 'useBasicAuth' | 'username' | 'password'>): void {
		if (w.useBasicAuth && (!w.username || !w.password))
			throwIfInvalid({ useBasicAuth: ['With useBasicAuth, a username and a password are required.'] });
	}

	router.add('POST', '/apps/:appId/webhooks', (req) => {
		requireApp(req);
		const body = requireBodyObject(req.body);
		const details: Details = {};
		checkFields(body, details, true);
		throwIfInvalid(details);
		const fields = {
			id: body.id,
			name: body.name,
			webhookURL: body.webhookURL,
			useBasicAuth: body.useBasicAuth === true,
			username: body.username,
			password: body.password,
			enabled: body.enabled ?? true,
			retryOnFailure: body.retryOnFailure === true,
		};
		checkBasicAuth(fields);
		return { data: webhookOut(webhooks.add(fields)) };
	});

	router.add('GET', '/apps/:appId/webhooks', (req) => {
		requireApp(req);
		const search = queryOne(req.query, 'searchKey');
		const perPageText = queryOne(req.query, 'perPage') ?? '100';
		const perPage = Number(perPageText);
		if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000)
			throwIfInvalid({ perPage: ['The perPage must be an integer from 1 to 1000.'] });
		const all = [...webhooks.byId.values()].filter((w) => search === undefined || w.name.includes(search) || w.id.includes(search));
		const items = all.slice(0, perPage);
		return {
			data: items.map(webhookOut),
			meta: {
				pagination: {
					total: all.length,
					count: items.length,
					per_page: perPage,
					current_page: 1,
					total_pages: Math.max(1, Math.ceil(all.length / perPage)),
				},
			},
		};
	});

	router.add('GET', '/apps/:appId/webhooks/:id', (req) => {
		requireApp(req);
		return { data: webhookOut(webhooks.require(req.params.id)) };
	});

	router.add('PUT', '/apps/:appId/webhooks/:id', (req) => {
		requireApp(req);
		const w = webhooks.require(req.params.id);
		const body = requireBodyObject(req.body);
		const details: Details = {};
		if (body.id !== undefined && body.id !== w.id) details.id = ['The id of a webhook cannot change.'];
		checkFields(body, details, false);
		throwIfInvalid(details);
		const next = { ...w };
		for (const k of ['name', 'webhookURL', 'useBasicAuth', 'username', 'password', 'enabled', 'retryOnFailure'] as const) {
			if (body[k] !== undefined) (next as Json)[k] = body[k];
		}
		checkBasicAuth(next);
		Object.assign(w, next, { updatedAt: app.now() });
		return { data: webhookOut(w) };
	});

	router.add('DELETE', '/apps/:appId/webhooks/:id', (req) => {
		requireApp(req);
		webhooks.remove(req.params.id);
		return { data: { success: true, message: `The webhook with id ${req.params.id} has been deleted.` } };
	});

	function triggerIds(req: Req): string[] {
		const body = requireBodyObject(req.body);
		if (!isStringArray(body.triggerIds) || body.triggerIds.length === 0)
			throwIfInvalid({ triggerIds: ['The triggerIds must be a non-empty array of trigger names.'] });
		const unknown = (body.triggerIds as string[]).filter((t) => !KNOWN.has(t));
		if (unknown.length) throwIfInvalid({ triggerIds: [`Unknown triggers: ${unknown.join(', ')}.`] });
		return body.triggerIds;
	}

	router.add('GET', '/apps/:appId/webhooks/:id/triggers', (req) => {
		requireApp(req);
		const w = webhooks.require(req.params.id);
		const data = [...w.triggers].map((id) => ({ id, description: id.replace(/_/g, ' ') }));
		return {
			data,
			meta: { pagination: { total: data.length, count: data.length, per_page: data.length, current_page: 1, total_pages: 1 } },
		};
	});

	router.add('POST', '/apps/:appId/webhooks/:id/triggers', (req) => {
		requireApp(req);
		const w = webhooks.require(req.params.id);
		const data: Json = {};
		for (const t of triggerIds(req)) {
			w.triggers.add(t);
			data[t] = { success: true, message: `The trigger ${t} has been added.` };
		}
		return { data };
	});

	router.add('DELETE', '/apps/:appId/webhooks/:id/triggers', (req) => {
		requireApp(req);
		const w = webhooks.require(req.params.id);
		const ids = triggerIds(req);
		for (const t of ids) w.triggers.delete(t);
		return { data: { success: true, message: `The triggers ${ids.join(', ')} have been removed.` } };
	});
}
