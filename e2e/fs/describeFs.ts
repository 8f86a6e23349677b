// The tier's describe: describe where FreeSWITCH is installed, describe.skip elsewhere. Its own file
// because kit.ts is also loaded outside jest (scripts/bench/fs.ts), where describe does not exist.
import { freeswitchInstalled } from '../../scripts/freeswitch/launch';

export const describeFs = freeswitchInstalled() ? describe : describe.skip;
