/**
 * A user's notification settings: preferences, muted conversations and time zone (query `uid`),
 * and contact details (the `onBehalfOf` header). The published request shapes are checked by the
 * validation step (core/contract.ts) before these handlers run; the checks here are the ones the
 * description states in words (a required uid, an `until` in the future, an IANA time zone).
 */
import { validationError } from '../../core/errors';
import type { Details } from '../../core/errors';
import type { Req, Router } from '../../core/router';
import { isObject, queryOne, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import { mergedJson } from '../../core/util';
import type { Areas } from '../types';
import { requireOnBehalfOf } from '../users/access';
import type { MutedConversation } from './collection';
import { defaultPreferences } from './collection';

const CONVERSATION_TYPES = ['oneOnOne', 'group'];

/** The required `uid` query parameter, of a user that exists. */
function requiredUid(areas: Areas, req: Req): string {
	const uid = queryOne(req.query, 'uid');
	if (uid === undefined || uid === '') throw validationError({ uid: ['The uid field is required.'] });
	areas.users.require(uid);
	return uid;
}

/** `conversations`: a non-empty list of {id, type} (and `until`, in the future, when muting). */
function conversationsOf(body: Json, nowMs: number, withUntil: boolean): MutedConversation[] {
	const details: Details = {};
	const list: unknown = body.conversations;
	if (!Array.isArray(list) || list.length === 0)
		throw validationError({ conversations: ['The conversations field must be a non-empty list.'] });
	list.forEach((c: unknown, i) => {
		const at = `conversations.${i}`;
		if (!isObject(c)) return void (details[at] = ['Each conversation must be an object.']);
		if (typeof c.id !== 'string' || c.id === '') (details[`${at}.id`] ??= []).push('The id field is required.');
		if (!CONVERSATION_TYPES.includes(c.type)) (details[`${at}.type`] ??= []).push('The type must be oneOnOne or group.');
		if (withUntil && (!Number.isInteger(c.until) || c.until <= nowMs))
			(details[`${at}.until`] ??= []).push('The until must be a timestamp in milliseconds in the future.');
	});
	if (Object.keys(details).length) throw validationError(details);
	return (list as Json[]).map((c) => (withUntil ? { id: c.id, type: c.type, until: c.until } : { id: c.id, type: c.type, until: 0 }));
}

/** An IANA time zone name the runtime knows (`Asia/Tokyo`, `UTC`). */
function isTimeZone(name: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name);
	} catch {
		return false;
	}
}

export function register(router: Router, areas: Areas): void {
	const { app, notifications } = areas;

	router.add('GET', '/v3/notifications/v1/preferences', (req) => ({
		data: structuredClone(notifications.preferencesOf(requiredUid(areas, req))),
	}));

	// The sections sent replace those values; the answer is the whole preferences after the update.
	router.add('PATCH', '/v3/notifications/v1/preferences', (req) => {
		const uid = requiredUid(areas, req);
		const body = requireBodyObject(req.body);
		if (Object.keys(body).length === 0) throw validationError({ body: ['Send at least one preference to update.'] });
		const prefs = mergedJson(notifications.preferencesOf(uid), body);
		notifications.preferences.set(uid, prefs);
		return { data: structuredClone(prefs) };
	});

	// Back to the app's defaults; the answer is the defaults.
	router.add('DELETE', '/v3/notifications/v1/preferences', (req) => {
		const uid = requiredUid(areas, req);
		notifications.preferences.set(uid, defaultPreferences());
		return { data: structuredClone(notifications.preferencesOf(uid)) };
	});

	router.add('GET', '/v3/notifications/v1/preferences/mute', (req) => ({
		data: { mutedConversations: notifications.mutedOf(requiredUid(areas, req)).map((m) => ({ ...m })) },
	}));

	router.add('PUT', '/v3/notifications/v1/preferences/mute', (req) => {
		const uid = requiredUid(areas, req);
		notifications.mute(uid, conversationsOf(requireBodyObject(req.body), app.now() * 1000, true));
		return { data: { success: true } };
	});

	router.add('DELETE', '/v3/notifications/v1/preferences/mute', (req) => {
		const uid = requiredUid(areas, req);
		notifications.unmute(uid, conversationsOf(requireBodyObject(req.body), 0, false));
		return { data: { success: true } };
	});

	router.add('GET', '/v3/notifications/v1/preferences/timezone', (req) => ({
		data: { timezone: notifications.timezoneOf(requiredUid(areas, req)) },
	}));

	router.add('PATCH', '/v3/notifications/v1/preferences/timezone', (req) => {
		const uid = requiredUid(areas, req);
		const { timezone } = requireBodyObject(req.body);
		if (typeof timezone !== 'string' || timezone === '') throw validationError({ timezone: ['The timezone field is required.'] });
		if (!isTimeZone(timezone)) throw validationError({ timezone: [`${timezone} is not a valid timezone identifier.`] });
		notifications.timezones.set(uid, timezone);
		return { data: { timezone } };
	});

	router.add('GET', '/v3/notifications/v1/contact-details', (req) => ({
		data: { ...notifications.contactOf(requireOnBehalfOf(areas.users, req)) },
	}));

	// The fields sent replace the stored ones; the answer is the contact details after the update.
	router.add('PATCH', '/v3/notifications/v1/contact-details', (req) => {
		const uid = requireOnBehalfOf(areas.users, req);
		const body = requireBodyObject(req.body);
		const details: Details = {};
		if (body.email === undefined && body.phno === undefined) details.body = ['Send email, phno or both.'];
		if (body.email !== undefined && (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email)))
			details.email = ['The email must be a valid e-mail address.'];
		if (body.phno !== undefined && (typeof body.phno !== 'string' || !/^\+[1-9]\d{6,14}$/.test(body.phno)))
			details.phno = ['The phno must be a phone number with its country code, e.g. +14155550100.'];
		if (Object.keys(details).length) throw validationError(details);
		const next = { ...notifications.contactOf(uid) };
		if (body.email !== undefined) next.email = body.email;
		if (body.phno !== undefined) next.phno = body.phno;
		notifications.contacts.set(uid, next);
		return { data: { ...next } };
	});

	router.add('DELETE', '/v3/notifications/v1/contact-details', (req) => {
		const uid = requireOnBehalfOf(areas.users, req);
		notifications.contactOf(uid);
		notifications.contacts.delete(uid);
		return { data: { success: true } };
	});
}
