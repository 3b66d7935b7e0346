import type { App } from '../../core/app';
import { ApiError } from '../../core/errors';
import { clone, hex, uuid } from '../../core/util';
import type { Json } from '../../core/validation';
import type { Users } from '../users/collection';

export type CallSession = Json & { sessionId: string; initiatedAt: number };

/** A transcription of a call, as GET /calls/{sessionId}/transcriptions lists it. */
export interface Transcription {
	roomName: string;
	mid: string;
	tid: string;
	startTime: number;
	endTime: number;
	transcriptDate: string;
	transcriptUrl: string;
}

/** Seconds as "HH:MM:SS". */
function hhmmss(seconds: number): string {
	const s = Math.round(seconds);
	const p = (n: number) => String(n).padStart(2, '0');
	return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

/** Call sessions (served by the call host). */
export class Calls {
	byId!: Map<string, CallSession>;
	/** sessionId → its transcriptions, oldest first. */
	transcriptions!: Map<string, Transcription[]>;

	constructor(
		private readonly app: App,
		private readonly users: Users,
	) {
		this.reset();
	}

	reset(): void {
		this.byId = new Map();
		this.transcriptions = new Map();
	}

	/**
	 * A transcription of a call (derived fields: the call's room and mid, its start and end, a date
	 * and URL from the start); the call then has `hasTranscription: true`.
	 */
	addTranscription(sessionId: string, input: Partial<Transcription> = {}): Transcription {
		const c = this.require(sessionId);
		const startTime = input.startTime ?? (c.startedAt as number);
		const transcriptDate = input.transcriptDate ?? new Date(startTime * 1000).toISOString();
		const tid = input.tid ?? uuid();
		const t: Transcription = {
			roomName: input.roomName ?? `${sessionId}@conference.rtc.emulator.local`,
			mid: input.mid ?? (c.mid as string),
			tid,
			startTime,
			endTime: input.endTime ?? (c.endedAt as number),
			transcriptDate,
			transcriptUrl: input.transcriptUrl ?? `https://transcripts.emulator.local/${this.app.appId}/transcript_${transcriptDate}_${tid}.json`,
		};
		this.transcriptions.set(sessionId, [...(this.transcriptions.get(sessionId) ?? []), t]);
		c.hasTranscription = true;
		return t;
	}

	require(sessionId: string): CallSession {
		const c = this.byId.get(sessionId);
		if (!c) throw new ApiError('ERR_CALL_SESSION_NOT_FOUND', `The call session ${sessionId} does not exist.`, { details: { sessionId } });
		return c;
	}

	/**
	 * A call session; missing fields are derived (durations from the timestamps, totalDuration as
	 * "HH:MM:SS", two participants: initiator and receiver — by default the two newest users).
	 */
	add(input: Json): CallSession {
		const list = this.users.list.items;
		const initiator: string = input.initiator ?? list[list.length - 1]?.uid ?? 'unknown';
		const receiver: string = input.receiver ?? list[list.length - 2]?.uid ?? initiator;
		const now = this.app.now();
		const initiatedAt: number = input.initiatedAt ?? now - 60;
		const startedAt: number = input.startedAt ?? initiatedAt + 5;
		const endedAt: number = input.endedAt ?? startedAt + 30;
		const seconds = Math.max(0, endedAt - startedAt);
		const minutes = seconds / 60;
		const type: string = input.type ?? 'audio';
		const mid: string = input.mid ?? uuid();
		const given: (string | Json)[] = input.participants ?? [initiator, ...(input.receiverType === 'group' ? [] : [receiver])];
		const participants = given.map((p, i) => {
			const base: Json = typeof p === 'string' ? { uid: p } : p;
			const joinedAt: number = base.joinedAt ?? startedAt + i;
			const leftAt: number = base.leftAt ?? endedAt - i;
			const pm = Math.max(0, leftAt - joinedAt) / 60;
			return {
				uid: base.uid,
				totalAudioMinutes: base.totalAudioMinutes ?? (type === 'audio' ? pm : 0),
				totalVideoMinutes: base.totalVideoMinutes ?? (type === 'video' ? pm : 0),
				totalDuration: base.totalDuration ?? pm,
				deviceId: base.deviceId ?? `${uuid()}@rtc.emulator.local/${hex(8)}`,
				isJoined: base.isJoined ?? true,
				joinedAt,
				mid: base.mid ?? mid,
				state: base.state ?? 'ended',
				leftAt,
			};
		});
		const c: CallSession = {
			sessionId: input.sessionId ?? `v1.us.${this.app.appId}.${now}${hex(40)}`,
			totalAudioMinutes: input.totalAudioMinutes ?? (type === 'audio' ? minutes : 0),
			totalVideoMinutes: input.totalVideoMinutes ?? (type === 'video' ? minutes : 0),
			totalDuration: input.totalDuration ?? hhmmss(seconds),
			metaData: clone(input.metaData ?? []),
			hasRecording: input.hasRecording ?? false,
			hasTranscription: input.hasTranscription ?? false,
			initiatedAt,
			initiator,
			mode: input.mode ?? 'call',
			receiver,
			receiverType: input.receiverType ?? 'user',
			status: input.status ?? 'ended',
			tags: [...(input.tags ?? [])],
			totalDurationInMinutes: input.totalDurationInMinutes ?? minutes,
			totalParticipants: input.totalParticipants ?? participants.length,
			type,
			mid,
			startedAt,
			endedAt,
			participants,
		};
		this.byId.set(c.sessionId, c);
		return c;
	}
}
