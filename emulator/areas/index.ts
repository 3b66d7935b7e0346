/**
 * Every area of the API: its collection and its routes. To add an area, create
 * `areas/<name>/collection.ts` and `areas/<name>/routes.ts`, add the collection to `Areas`
 * (types.ts) and `createAreas` below, and its `register` to CHAT_ROUTES or CALL_ROUTES.
 */
import type { App } from '../core/app';
import { Bots } from './bots/collection';
import * as botRoutes from './bots/routes';
import { Router } from '../core/router';
import { Calls } from './calls/collection';
import * as callRoutes from './calls/routes';
import { Groups } from './groups/collection';
import * as groupRoutes from './groups/routes';
import { Messages } from './messages/collection';
import * as messageRoutes from './messages/routes';
import { Moderation } from './moderation/collection';
import * as moderationRoutes from './moderation/routes';
import { PushTokens } from './push/collection';
import * as pushRoutes from './push/routes';
import { Roles } from './roles/collection';
import * as roleRoutes from './roles/routes';
import type { Areas } from './types';
import { Users } from './users/collection';
import * as userRoutes from './users/routes';

export type { Areas } from './types';

/** The collections, each given the ones it reads (in dependency order). */
export function createAreas(app: App): Areas {
	const roles = new Roles(app);
	const users = new Users(app);
	const groups = new Groups(app, users);
	const messages = new Messages(app, users, groups);
	const moderation = new Moderation(app, users, messages);
	const calls = new Calls(app, users);
	const push = new PushTokens(app, users);
	const bots = new Bots(app, users, groups, messages);
	return { app, roles, users, groups, messages, moderation, calls, push, bots };
}

type Register = (router: Router, areas: Areas) => void;

/** The routes of the chat host, area by area. */
export const CHAT_ROUTES: readonly Register[] = [
	userRoutes.register,
	roleRoutes.register,
	groupRoutes.register,
	messageRoutes.register,
	moderationRoutes.register,
	pushRoutes.register,
	botRoutes.register,
];

/** The routes of the call host. */
export const CALL_ROUTES: readonly Register[] = [callRoutes.register];

/** Builds the routers of both hosts. */
export function buildRouters(areas: Areas): { chat: Router; call: Router } {
	const chat = new Router();
	for (const register of CHAT_ROUTES) register(chat, areas);
	const call = new Router();
	for (const register of CALL_ROUTES) register(call, areas);
	return { chat, call };
}

/** Empties every collection (the `default` role and the default moderation reasons come back). */
export function resetAreas(a: Areas): void {
	for (const collection of [a.roles, a.users, a.groups, a.messages, a.moderation, a.calls, a.push, a.bots]) collection.reset();
}
