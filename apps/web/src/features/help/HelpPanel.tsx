import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Drawer,
  Group,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../lib/contract';
import { useReturnFocus } from '../../lib/focus';
import { FORM_MODE, useRulesResolver } from '../../ui/form';
import { ExternalIcon, SearchIcon } from '../../ui/icons';
import { useSession } from '../session';
import { useSendContact } from './hooks/useContact';
import { useHelpArticleTexts } from './hooks/useHelpArticle';
import {
  HELP_CATEGORIES,
  HELP_QUESTIONS,
  type HelpCategory,
  helpArticlePath,
  PRODUCT_TOUR_ID,
} from './questions';
import { filterQuestions } from './search';

/** Help search waits this long after typing (spec 1 §9). */
const HELP_SEARCH_DEBOUNCE_MS = 300;

const openArticle = (id: string) => window.open(helpArticlePath(id), '_blank', 'noopener');

/** Right-hand panel with the help and contact tabs (spec 1 §2.3). */
export default function HelpPanel({
  opened,
  tab,
  onTab,
  onClose,
}: {
  opened: boolean;
  tab: 'help' | 'contact';
  onTab: (tab: 'help' | 'contact') => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The panel mounts when it opens: focus goes back to the help button when it closes.
  useReturnFocus();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('help:title')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="help-panel"
    >
      <Tabs value={tab} onChange={(v) => onTab(v === 'contact' ? 'contact' : 'help')}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="help" data-testid="help-tab">
            {t('help:tab_help')}
          </Tabs.Tab>
          <Tabs.Tab value="contact" data-testid="contact-tab">
            {t('help:tab_contact')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="help">
          <HelpTab onContact={() => onTab('contact')} />
        </Tabs.Panel>
        <Tabs.Panel value="contact">
          <ContactTab />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}

function HelpTab({ onContact }: { onContact: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, HELP_SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState<HelpCategory | null>(null);
  // The articles' text is fetched on the first search, not with the panel.
  const articles = useHelpArticleTexts(debounced.trim() !== '');
  const questions = filterQuestions(HELP_QUESTIONS, t, category, debounced, articles.data);

  return (
    <Stack gap="md">
      <TextInput
        leftSection={<SearchIcon size={16} />}
        placeholder={t('help:search_placeholder')}
        aria-label={t('help:search_placeholder')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="help-search"
      />
      <div>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
          {t('help:popular_topics')}
        </Text>
        <Group gap={6}>
          {HELP_CATEGORIES.map((c) => (
            <Chip
              key={c.id}
              size="sm"
              checked={category === c.id}
              onChange={() => setCategory(category === c.id ? null : c.id)}
              data-testid={`help-topic-${c.id}`}
            >
              {t(c.key)}
            </Chip>
          ))}
        </Group>
      </div>
      <Stack gap={6} data-testid="help-questions" aria-live="polite">
        {questions.map((q) => (
          <button
            type="button"
            key={q.id}
            className="help-question"
            onClick={() => openArticle(q.id)}
            data-testid={`help-question-${q.id}`}
          >
            <span>{t(q.text)}</span>
            <ExternalIcon size={14} />
          </button>
        ))}
        {questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('help:no_results')}
          </Text>
        ) : null}
      </Stack>
      <Button
        variant="light"
        onClick={() => openArticle(PRODUCT_TOUR_ID)}
        rightSection={<ExternalIcon size={14} />}
        data-testid="help-product-tour"
      >
        {t('help:product_tour')}
      </Button>
      <Alert variant="light" color="gray" title={t('help:contact_prompt_title')}>
        <Text size="sm" mb="xs">
          {t('help:contact_prompt')}
        </Text>
        <Button size="xs" variant="default" onClick={onContact} data-testid="help-contact-us">
          {t('help:contact_us')}
        </Button>
      </Alert>
    </Stack>
  );
}

interface ContactForm {
  name: string;
  email: string;
  comment: string;
  consent: boolean;
}

const CONTACT_RULES = {
  name: `required|maxLength:${LIMITS.NAME}`,
  email: 'required|email',
  comment: `required|maxLength:${LIMITS.HELP_COMMENT}`,
  consent: [{ rule: 'required' as const, message: 'help:consent_required' }],
};

function ContactTab() {
  const { t } = useTranslation();
  const { tenant } = useSession();
  const send = useSendContact();
  const [sent, setSent] = useState(false);
  const resolver = useRulesResolver<ContactForm>(CONTACT_RULES);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactForm>({
    ...FORM_MODE,
    resolver,
    defaultValues: { name: tenant?.name ?? '', email: tenant?.email ?? '', comment: '', consent: false },
  });
  // Sent for real: stored and mailed to support; the hook toasts success or failure.
  const submit = handleSubmit((form) =>
    send.mutate(
      { name: form.name, email: form.email, comment: form.comment, consent: true },
      {
        onSuccess: () => {
          setSent(true);
          reset({ name: form.name, email: form.email, comment: '', consent: false });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="contact-form">
      <Stack gap="sm">
        <TextInput
          label={t('help:contact_name')}
          {...register('name')}
          error={errors.name?.message}
          data-testid="contact-name"
        />
        <TextInput
          label={t('help:contact_email')}
          type="email"
          {...register('email')}
          error={errors.email?.message}
          data-testid="contact-email"
        />
        <Textarea
          label={t('help:contact_comment')}
          autosize
          minRows={4}
          {...register('comment')}
          error={errors.comment?.message}
          data-testid="contact-comment"
        />
        <Checkbox
          label={t('help:contact_consent')}
          {...register('consent')}
          error={errors.consent?.message}
          data-testid="contact-consent"
        />
        <Button type="submit" loading={send.isPending} data-testid="contact-submit">
          {t('help:contact_submit')}
        </Button>
        {sent ? (
          <Alert color="green" variant="light" data-testid="contact-sent" role="status">
            {t('help:contact_sent')}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
