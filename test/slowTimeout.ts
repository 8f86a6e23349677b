// Integration and e2e files start a whole platform (database clone, server, maybe Chromium) in their
// hooks: under CI load the default 5 s is too short. Files may still set a longer timeout.
jest.setTimeout(30_000);
