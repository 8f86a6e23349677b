// The region identifiers of Azure Speech (text to speech) in Azure's global cloud, from Microsoft's
// "Speech service supported regions" table. The region becomes the host of the synthesis endpoint
// (https://<region>.tts.speech.microsoft.com, media/src/speech/azure.ts), so a TTS setting takes one of
// these or nothing: a typo or an invented name is refused when it is saved, not on the first call.
// Azure China's regions (chinaeast2 …) answer under another domain the engine does not use. Pure.
export const AZURE_SPEECH_REGIONS: readonly string[] = [
  'australiaeast',
  'brazilsouth',
  'canadacentral',
  'centralindia',
  'centralus',
  'eastasia',
  'eastus',
  'eastus2',
  'francecentral',
  'germanywestcentral',
  'japaneast',
  'japanwest',
  'koreacentral',
  'northcentralus',
  'northeurope',
  'norwayeast',
  'qatarcentral',
  'southafricanorth',
  'southcentralus',
  'southeastasia',
  'swedencentral',
  'switzerlandnorth',
  'switzerlandwest',
  'uaenorth',
  'uksouth',
  'westcentralus',
  'westeurope',
  'westus',
  'westus2',
  'westus3',
];

/** True for a known region identifier (lower case, as Azure writes them). */
export const isAzureSpeechRegion = (s: string): boolean => AZURE_SPEECH_REGIONS.includes(s);
