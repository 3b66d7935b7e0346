/**
 * Metrics of the app (chat host), computed from the other areas' collections: nothing is stored
 * here. The choices are in docs/cometchat-api.md, Metrics.
 */
import { validationError } from '../../core/errors';
import type { Router } from '../../core/router';
import { queryOne } from '../../core/validation';
import type { Query } from '../../core/validation';
import type { Areas } from '../types';

/** The message metrics' interval (five minutes, as published) and span (one hour, as in the example). */
const INTERVAL_SECONDS = 300;
const SPAN_SECONDS = 3600;

function epochSeconds(query: Query, name: string): number {
	const text = queryOne(query, name);
	if (text === undefined || !/^\d+$/.test(text))
		throw validationError({ [name]: [`The ${name} field is required and must be a Unix timestamp.`] });
	return Number(text);
}

export function register(router: Router, { app, users, messages, calls }: Areas): void {
	// Usage between fromDate and toDate (seconds): call minutes of the calls started in it, the users
	// who sent a message or took part in a call in it, and the most of them active in one minute.
	router.add('GET', '/v3/stats', (req) => {
		const fromDate = epochSeconds(req.query, 'fromDate');
		const toDate = epochSeconds(req.query, 'toDate');
		if (toDate < fromDate) throw validationError({ toDate: ['The toDate must not be before the fromDate.'] });
		const within = (at: number) => at >= fromDate && at <= toDate;
		const activeByMinute = new Map<number, Set<string>>();
		const active = (uid: string, at: number) => {
			const minute = Math.floor(at / 60);
			activeByMinute.set(minute, (activeByMinute.get(minute) ?? new Set()).add(uid));
		};
		for (const m of messages.byId.values()) if (within(m.sentAt) && users.byId.has(m.sender)) active(m.sender, m.sentAt);
		let audio = 0;
		let video = 0;
		let recorded = 0;
		for (const c of calls.byId.values()) {
			if (!within(c.startedAt)) continue;
			audio += Number(c.totalAudioMinutes) || 0;
			video += Number(c.totalVideoMinutes) || 0;
			if (c.hasRecording === true) recorded += Number(c.totalDurationInMinutes) || 0;
			for (const p of c.participants ?? []) if (typeof p.uid === 'string') active(p.uid, c.startedAt);
		}
		const everyone = new Set([...activeByMinute.values()].flatMap((set) => [...set]));
		const round = (minutes: number) => Math.round(minutes * 100) / 100;
		return {
			data: {
				metrics: {
					audio_minutes: round(audio),
					video_minutes: round(video),
					recorded_minutes: round(recorded),
					active_users: everyone.size,
					concurrent_users: Math.max(0, ...[...activeByMinute.values()].map((set) => set.size)),
				},
				time_range: { fromDate: fromDate * 1000, toDate: toDate * 1000 },
			},
		};
	});

	// Messages sent in each five minutes of the last hour; no receipts are kept, so they count 0.
	router.add('GET', '/v3/stats/messages', () => {
		// The five minutes under way are the last point.
		const end = (Math.floor(app.now() / INTERVAL_SECONDS) + 1) * INTERVAL_SECONDS;
		const start = end - SPAN_SECONDS;
		const counts = new Array<number>(SPAN_SECONDS / INTERVAL_SECONDS).fill(0);
		for (const m of messages.byId.values()) {
			if (m.sentAt >= start && m.sentAt < end) counts[Math.floor((m.sentAt - start) / INTERVAL_SECONDS)] += 1;
		}
		const ms = (seconds: number) => String(seconds * 1000);
		return {
			data: {
				startTime: ms(start),
				endTime: ms(end),
				dataPoints: counts.map((messagesSent, i) => ({
					messagesSent,
					readReceipts: 0,
					deliveryReceipts: 0,
					startTime: ms(start + i * INTERVAL_SECONDS),
					endTime: ms(start + (i + 1) * INTERVAL_SECONDS),
				})),
				appId: app.appId,
			},
		};
	});
}
