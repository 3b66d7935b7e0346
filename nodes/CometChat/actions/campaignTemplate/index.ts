import type { ResourceDefinition } from '../types';
import { archive } from './archive.operation';
import { create } from './create.operation';
import { createVersion } from './createVersion.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';
import { updateChannelContent } from './updateChannelContent.operation';

export const campaignTemplate: ResourceDefinition = {
	value: 'campaignTemplate',
	name: 'Campaign Template',
	description: 'Templates of notifications the Campaigns service sends: content per channel, with variables',
	operations: [archive, create, createVersion, get, getMany, update, updateChannelContent],
	defaultOperation: getMany.value,
};
