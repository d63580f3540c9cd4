import * as migration_20261122_133709_initial from './20261122_133709_initial'
import * as migration_20261122_133725_db_constraints from './20261122_133725_db_constraints'
import * as migration_20261122_140735_admin_auth_failures from './20261122_140735_admin_auth_failures'
import * as migration_20261123_120000_hardening from './20261123_120000_hardening'
import * as migration_20261123_130000_catalogue_indexes from './20261123_130000_catalogue_indexes'
import * as migration_20261123_140000_read_path from './20261123_140000_read_path'
import * as migration_20261123_211755_media_storage_fields from './20261123_211755_media_storage_fields'
import * as migration_20261124_055338_fulfilment_and_ledger from './20261124_055338_fulfilment_and_ledger'
import * as migration_20261124_100042_wholesale_vat_invoices from './20261124_100042_wholesale_vat_invoices'
import * as migration_20261124_112241_stock_writes_in_place from './20261124_112241_stock_writes_in_place'
import * as migration_20261125_090000_write_rules from './20261125_090000_write_rules'
import * as migration_20261125_190000_area_fee_positive from './20261125_190000_area_fee_positive'
import * as migration_20261125_191000_trade_accounts from './20261125_191000_trade_accounts'
import * as migration_20261125_212117_price_lists from './20261125_212117_price_lists'
import * as migration_20261126_004401_prices_for_buyers_only from './20261126_004401_prices_for_buyers_only'
import * as migration_20261126_011440_credit_notes from './20261126_011440_credit_notes'
import * as migration_20261126_014500_vat_shop_address from './20261126_014500_vat_shop_address'
import * as migration_20261126_035437_on_account from './20261126_035437_on_account'
import * as migration_20261126_071526_web_app from './20261126_071526_web_app'
import * as migration_20261127_090000_change_log from './20261127_090000_change_log'
import * as migration_20261127_100000_auth_failures from './20261127_100000_auth_failures'
import * as migration_20261127_101000_owner_token from './20261127_101000_owner_token'
import * as migration_20261127_120000_delivery_days from './20261127_120000_delivery_days'
import * as migration_20261127_130000_delivery_stops from './20261127_130000_delivery_stops'
import * as migration_20261127_131000_credit_notes_lines from './20261127_131000_credit_notes_lines'
import * as migration_20261127_132000_driver_links from './20261127_132000_driver_links'
import * as migration_20261127_140000_driver_short_marks from './20261127_140000_driver_short_marks'
import * as migration_20261128_100000_money_received from './20261128_100000_money_received'
import * as migration_20261128_110000_payfast from './20261128_110000_payfast'
import * as migration_20261128_120000_payment_proofs from './20261128_120000_payment_proofs'
import * as migration_20261129_100000_audit_log from './20261129_100000_audit_log'
import * as migration_20261129_110000_cost_and_reports from './20261129_110000_cost_and_reports'
import * as migration_20261129_120000_vat_period from './20261129_120000_vat_period'

export const migrations = [
  {
    up: migration_20261122_133709_initial.up,
    down: migration_20261122_133709_initial.down,
    name: '20261122_133709_initial',
  },
  {
    up: migration_20261122_133725_db_constraints.up,
    down: migration_20261122_133725_db_constraints.down,
    name: '20261122_133725_db_constraints',
  },
  {
    up: migration_20261122_140735_admin_auth_failures.up,
    down: migration_20261122_140735_admin_auth_failures.down,
    name: '20261122_140735_admin_auth_failures',
  },
  {
    up: migration_20261123_120000_hardening.up,
    down: migration_20261123_120000_hardening.down,
    name: '20261123_120000_hardening',
  },
  {
    up: migration_20261123_130000_catalogue_indexes.up,
    down: migration_20261123_130000_catalogue_indexes.down,
    name: '20261123_130000_catalogue_indexes',
  },
  {
    up: migration_20261123_140000_read_path.up,
    down: migration_20261123_140000_read_path.down,
    name: '20261123_140000_read_path',
  },
  {
    up: migration_20261123_211755_media_storage_fields.up,
    down: migration_20261123_211755_media_storage_fields.down,
    name: '20261123_211755_media_storage_fields',
  },
  {
    up: migration_20261124_055338_fulfilment_and_ledger.up,
    down: migration_20261124_055338_fulfilment_and_ledger.down,
    name: '20261124_055338_fulfilment_and_ledger',
  },
  {
    up: migration_20261124_100042_wholesale_vat_invoices.up,
    down: migration_20261124_100042_wholesale_vat_invoices.down,
    name: '20261124_100042_wholesale_vat_invoices',
  },
  {
    up: migration_20261124_112241_stock_writes_in_place.up,
    down: migration_20261124_112241_stock_writes_in_place.down,
    name: '20261124_112241_stock_writes_in_place',
  },
  {
    up: migration_20261125_090000_write_rules.up,
    down: migration_20261125_090000_write_rules.down,
    name: '20261125_090000_write_rules',
  },
  {
    up: migration_20261125_190000_area_fee_positive.up,
    down: migration_20261125_190000_area_fee_positive.down,
    name: '20261125_190000_area_fee_positive',
  },
  {
    up: migration_20261125_191000_trade_accounts.up,
    down: migration_20261125_191000_trade_accounts.down,
    name: '20261125_191000_trade_accounts',
  },
  {
    up: migration_20261125_212117_price_lists.up,
    down: migration_20261125_212117_price_lists.down,
    name: '20261125_212117_price_lists',
  },
  {
    up: migration_20261126_004401_prices_for_buyers_only.up,
    down: migration_20261126_004401_prices_for_buyers_only.down,
    name: '20261126_004401_prices_for_buyers_only',
  },
  {
    up: migration_20261126_011440_credit_notes.up,
    down: migration_20261126_011440_credit_notes.down,
    name: '20261126_011440_credit_notes',
  },
  {
    up: migration_20261126_014500_vat_shop_address.up,
    down: migration_20261126_014500_vat_shop_address.down,
    name: '20261126_014500_vat_shop_address',
  },
  {
    up: migration_20261126_035437_on_account.up,
    down: migration_20261126_035437_on_account.down,
    name: '20261126_035437_on_account',
  },
  {
    up: migration_20261126_071526_web_app.up,
    down: migration_20261126_071526_web_app.down,
    name: '20261126_071526_web_app',
  },
  {
    up: migration_20261127_090000_change_log.up,
    down: migration_20261127_090000_change_log.down,
    name: '20261127_090000_change_log',
  },
  {
    up: migration_20261127_100000_auth_failures.up,
    down: migration_20261127_100000_auth_failures.down,
    name: '20261127_100000_auth_failures',
  },
  {
    up: migration_20261127_101000_owner_token.up,
    down: migration_20261127_101000_owner_token.down,
    name: '20261127_101000_owner_token',
  },
  {
    up: migration_20261127_120000_delivery_days.up,
    down: migration_20261127_120000_delivery_days.down,
    name: '20261127_120000_delivery_days',
  },
  {
    up: migration_20261127_130000_delivery_stops.up,
    down: migration_20261127_130000_delivery_stops.down,
    name: '20261127_130000_delivery_stops',
  },
  {
    up: migration_20261127_131000_credit_notes_lines.up,
    down: migration_20261127_131000_credit_notes_lines.down,
    name: '20261127_131000_credit_notes_lines',
  },
  {
    up: migration_20261127_132000_driver_links.up,
    down: migration_20261127_132000_driver_links.down,
    name: '20261127_132000_driver_links',
  },
  {
    up: migration_20261127_140000_driver_short_marks.up,
    down: migration_20261127_140000_driver_short_marks.down,
    name: '20261127_140000_driver_short_marks',
  },
  {
    up: migration_20261128_100000_money_received.up,
    down: migration_20261128_100000_money_received.down,
    name: '20261128_100000_money_received',
  },
  {
    up: migration_20261128_110000_payfast.up,
    down: migration_20261128_110000_payfast.down,
    name: '20261128_110000_payfast',
  },
  {
    up: migration_20261128_120000_payment_proofs.up,
    down: migration_20261128_120000_payment_proofs.down,
    name: '20261128_120000_payment_proofs',
  },
  {
    up: migration_20261129_100000_audit_log.up,
    down: migration_20261129_100000_audit_log.down,
    name: '20261129_100000_audit_log',
  },
  {
    up: migration_20261129_110000_cost_and_reports.up,
    down: migration_20261129_110000_cost_and_reports.down,
    name: '20261129_110000_cost_and_reports',
  },
  {
    up: migration_20261129_120000_vat_period.up,
    down: migration_20261129_120000_vat_period.down,
    name: '20261129_120000_vat_period',
  },
]
