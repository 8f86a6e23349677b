// The customer center's state under `crm`, one part per page.
import { combineReducers } from '@reduxjs/toolkit';
import { allocationReducer } from './allocation';
import { blacklistReducer } from './blacklist';
import { customerCallsReducer } from './customerCalls';
import { customersReducer } from './customers';
import { exportsReducer } from './exports';
import { followUpsReducer } from './followUps';
import { remindersReducer } from './reminders';
import { importsReducer } from './imports';
import { importGuideReducer } from './importGuide';
import { seaReducer } from './sea';
import { seaSettingsReducer } from './seaSettings';
import { tagAdminReducer } from './tagAdmin';

export const crmReducer = combineReducers({
  customers: customersReducer,
  followUps: followUpsReducer,
  customerCalls: customerCallsReducer,
  reminders: remindersReducer,
  sea: seaReducer,
  imports: importsReducer,
  importGuide: importGuideReducer,
  allocation: allocationReducer,
  blacklist: blacklistReducer,
  exports: exportsReducer,
  tagAdmin: tagAdminReducer,
  seaSettings: seaSettingsReducer,
});

export type CrmState = ReturnType<typeof crmReducer>;
type WithCrm = { crm: CrmState };

export const selectCustomers = (s: WithCrm) => s.crm.customers;
export const selectFollowUps = (s: WithCrm) => s.crm.followUps;
export const selectCustomerCalls = (s: WithCrm) => s.crm.customerCalls;
export const selectReminders = (s: WithCrm) => s.crm.reminders;
export const selectSea = (s: WithCrm) => s.crm.sea;
export const selectBlacklist = (s: WithCrm) => s.crm.blacklist;
export const selectImports = (s: WithCrm) => s.crm.imports;
export const selectImportGuide = (s: WithCrm) => s.crm.importGuide;
export const selectExports = (s: WithCrm) => s.crm.exports;
export const selectTagAdmin = (s: WithCrm) => s.crm.tagAdmin;
export const selectSeaSettings = (s: WithCrm) => s.crm.seaSettings;
export const selectAllocation = (s: WithCrm) => s.crm.allocation;
export const selectOpenCustomer = (s: WithCrm) =>
  s.crm.customers.items.find((c) => c.id === s.crm.followUps.customerId) ?? null;
