/** The day the e2e site is built as (VPNSITE_TODAY): its offers run and its prices are fresh on it. */
export const BUILD_DAY = '2025-01-20';
