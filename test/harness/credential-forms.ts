/**
 * The CometChat API credential as n8n's editor saves it and as n8n hands it to a node: for tests
 * that fill a credential field by field, as a person does.
 */
import type { ICredentialDataDecryptedObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CometChatApi } from '../../credentials/CometChatApi.credentials';
import type { CredentialData } from './engine';

export const credentialProperties: INodeProperties[] = new CometChatApi().properties;

/** What n8n hands a node at run time: its CredentialsHelper fills the defaults and drops the hidden fields. */
export function asN8nLoadsIt(stored: ICredentialDataDecryptedObject): CredentialData {
	return NodeHelpers.getNodeParameters(
		credentialProperties,
		stored as INodeParameters,
		true,
		false,
		null,
		null,
	) as unknown as CredentialData;
}

/**
 * What the editor stores when a credential is opened and saved unchanged (n8n 2.8.4 and 2.41.1,
 * CredentialEdit): empty strings dropped, every absent field set to its default, then only the
 * shown fields that differ from their default kept.
 */
export function asEditorSavesIt(stored: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	const open: INodeParameters = Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== '')) as INodeParameters;
	for (const property of credentialProperties) if (!(property.name in open)) open[property.name] = property.default;
	return NodeHelpers.getNodeParameters(credentialProperties, open, false, false, null, null) as ICredentialDataDecryptedObject;
}
