import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { usePayments } from '../hooks/useBilling';

const COLUMNS = ['invoice_no', 'due_date', 'billing_date', 'amount', 'paid'] as const;

/** The provider's invoices, newest first. */
export function Payments() {
  const { t } = useTranslation('subscriptions');
  const f = useFormat();
  const payments = usePayments();
  const rows = payments.data ?? [];
  return (
    <div className="panel sub-section" data-testid="payments">
      <h2 className="sub-heading">{t('payments.title')}</h2>
      {rows.length === 0 ? (
        <p>{t('payments.empty')}</p>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{t(`payments.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p, i) => (
              <Table.Tr key={p.invoice_no ?? i}>
                <Table.Td>{p.invoice_no ?? t('none')}</Table.Td>
                <Table.Td>{f.date(p.due_date) ?? t('none')}</Table.Td>
                <Table.Td>{f.date(p.billing_date) ?? t('none')}</Table.Td>
                <Table.Td>{f.money(p.amount, p.currency)}</Table.Td>
                <Table.Td>{p.paid ? t('payments.yes') : t('payments.no')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
