// Number imports: the dialog, recent jobs, the upload, and live progress from the socket.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ImportProgress } from '../../../../../domain/events';
import { authActions } from '../../auth/slice';
import type { ImportJobDto } from '../types';

export interface ImportUpload {
  /** Key of the file in uploads.ts (a File is not kept in the store). */
  fileKey: string;
  option: number;
  params: { calledWithinDays?: number };
  /** The export password (SPEC §5: import needs it too). */
  password: string;
  /** Option 4: a new supplier key to store before the upload (stored encrypted, never read back). */
  aesKey?: string;
}

export interface ImportsState {
  open: boolean;
  jobs: ImportJobDto[];
  /** The job started from this dialog, followed live. */
  current: number | null;
  uploading: boolean;
  formError: string | null;
  progress: Record<number, ImportProgress>;
  /** Whether a supplier key (option 4) is set; null until known. */
  aesKeyConfigured: boolean | null;
  /** The job the last upload started (the dialog has closed; a toast links to its progress). */
  started: ImportJobDto | null;
}

export const initialImportsState: ImportsState = {
  open: false,
  jobs: [],
  current: null,
  uploading: false,
  formError: null,
  progress: {},
  aesKeyConfigured: null,
  started: null,
};

const slice = createSlice({
  name: 'crmImports',
  initialState: initialImportsState,
  reducers: {
    opened(state) {
      state.open = true;
      state.formError = null;
      state.started = null;
    },
    /** The toast of the started job was shown. */
    startedShown(state) {
      state.started = null;
    },
    closed(state) {
      state.open = false;
    },
    aesKeyLoaded(state, action: PayloadAction<boolean>) {
      state.aesKeyConfigured = action.payload;
    },
    jobsLoaded(state, action: PayloadAction<ImportJobDto[]>) {
      state.jobs = action.payload;
    },
    uploadRequested(state, _action: PayloadAction<ImportUpload>) {
      state.uploading = true;
      state.formError = null;
    },
    /** The upload was accepted: the dialog closes (a second click cannot import the file again). */
    jobStarted(state, action: PayloadAction<ImportJobDto>) {
      state.uploading = false;
      state.open = false;
      state.started = action.payload;
      state.current = action.payload.importJobId;
      state.jobs = [
        action.payload,
        ...state.jobs.filter((j) => j.importJobId !== action.payload.importJobId),
      ];
    },
    uploadFailed(state, action: PayloadAction<string>) {
      state.uploading = false;
      state.formError = action.payload;
    },
    /** From the socket (import:progress); may arrive before the upload's reply. */
    importProgress(state, action: PayloadAction<ImportProgress>) {
      const p = action.payload;
      state.progress[p.importJobId] = p;
      state.jobs = state.jobs.map((j) => (j.importJobId === p.importJobId ? { ...j, ...p } : j));
    },
    reportRequested(_state, _action: PayloadAction<number>) {},
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialImportsState),
});

export const importsActions = slice.actions;
export const importsReducer = slice.reducer;

/** The freshest progress of a job: the socket's, else the job as last fetched. */
export const progressOf = (s: ImportsState, id: number): ImportProgress | null =>
  s.progress[id] ?? s.jobs.find((j) => j.importJobId === id) ?? null;
