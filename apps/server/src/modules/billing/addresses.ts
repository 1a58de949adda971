import type { TAddress, TAddressBody } from '@parley/contract';
import type { AddressRow } from './billing.repository';

/** Address columns from a form's body (payments off: addresses are stored by us). */
export function addressColumns(b: TAddressBody) {
  return {
    name: b.name ?? '',
    firstLine: b.first_line ?? '',
    secondLine: b.second_line ?? '',
    city: b.city ?? '',
    postalCode: b.postal_code ?? '',
    region: b.region ?? '',
    country: b.country,
  };
}

/** An address row as the addresses call answers it. */
export function toAddress(r: AddressRow): TAddress {
  return {
    id: r.id,
    status: r.status,
    name: r.name,
    first_line: r.firstLine,
    second_line: r.secondLine,
    city: r.city,
    postal_code: r.postalCode,
    region: r.region,
    country: r.country,
  };
}
