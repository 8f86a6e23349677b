// The bot pages' state under `bots`, one part per concern.
import { combineReducers } from '@reduxjs/toolkit';
import { assetsReducer } from './assets';
import { batchReducer } from './batch';
import { editorReducer } from './editor';
import { listReducer } from './list';
import { settingsReducer } from './settings';
import { trainingReducer } from './training';

export const botsReducer = combineReducers({
  list: listReducer,
  editor: editorReducer,
  training: trainingReducer,
  assets: assetsReducer,
  settings: settingsReducer,
  batch: batchReducer,
});

export type BotsState = ReturnType<typeof botsReducer>;
type WithBots = { bots: BotsState };

export const selectBotList = (s: WithBots) => s.bots.list;
export const selectEditor = (s: WithBots) => s.bots.editor;
export const selectTraining = (s: WithBots) => s.bots.training;
export const selectAssets = (s: WithBots) => s.bots.assets;
export const selectBotSettings = (s: WithBots) => s.bots.settings;
export const selectBatch = (s: WithBots) => s.bots.batch;
