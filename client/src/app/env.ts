// Build-time settings. Kept apart so unit tests (CommonJS, no import.meta) can mock this one module.
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
