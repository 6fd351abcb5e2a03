import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Progress, Stack, Text, ThemeIcon, Title, Transition, UnstyledButton } from '@mantine/core';
import { TUTORIAL_TRANSITION_MS } from '@onair/protocol/constants';
import { useAuth } from '../auth/AuthProvider';
import { inferUserType, useOnboarding } from './store';
import { tourFor } from './tours';

/** The onboarding tutorial (spec §4): opens on a user's first visit or for a new user type. */
export function OnboardingDialog() {
  const { user } = useAuth();
  const { shouldShowTutorial, userType, startSession, markStep, complete } = useOnboarding();
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const startedFor = useRef<number | null>(null);

  // Once per loaded user: the visit counter increments and the show rule is evaluated.
  useEffect(() => {
    if (!user || startedFor.current === user.id) return;
    startedFor.current = user.id;
    startSession(inferUserType(user.username, user.role));
  }, [user, startSession]);

  useEffect(() => {
    if (shouldShowTutorial) setIndex(0);
  }, [shouldShowTutorial]);

  const steps = tourFor(userType);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const last = index >= steps.length - 1;

  useEffect(() => {
    if (shouldShowTutorial) markStep(step.id);
  }, [shouldShowTutorial, step.id, markStep]);

  const switching = useRef<number | null>(null);
  useEffect(() => () => window.clearTimeout(switching.current ?? undefined), []);

  /** Steps change with a 300 ms fade: out, switch, in. Clicks during the fade are ignored. */
  const goTo = (next: number) => {
    if (switching.current !== null || next === index || next < 0 || next >= steps.length) return;
    setVisible(false);
    switching.current = window.setTimeout(() => {
      switching.current = null;
      setIndex(next);
      setVisible(true);
    }, TUTORIAL_TRANSITION_MS);
  };

  const Icon = step.icon;
  return (
    <Modal opened={shouldShowTutorial} onClose={complete} centered size="lg" title={`Step ${index + 1} of ${steps.length}`} data-testid="onboarding-dialog">
      <Stack>
        <Progress value={((index + 1) / steps.length) * 100} aria-label="Tutorial progress" data-testid="onboarding-progress" />
        <Transition mounted={visible} transition="fade" duration={TUTORIAL_TRANSITION_MS}>
          {(styles) => (
            <Stack style={styles} gap="sm" mih={180}>
              <Group>
                <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                  <Icon size={26} />
                </ThemeIcon>
                <div>
                  <Title order={3}>{step.title}</Title>
                  <Text c="dimmed">{step.description}</Text>
                </div>
              </Group>
              <Text>{step.content}</Text>
              {step.action && (
                <Text size="sm" c="brand" fw={600}>
                  Try it: {step.action}
                </Text>
              )}
            </Stack>
          )}
        </Transition>
        <Group justify="space-between" wrap="nowrap" mih={30}>
          <Group gap={0} wrap="nowrap" aria-label="Tutorial steps">
            {steps.map((s, i) => (
              // The dot is small; the button around it is a 24 px target (WCAG 2.5.8), so a finger finds it.
              <UnstyledButton
                key={s.id}
                aria-label={`Go to step ${i + 1}: ${s.title}`}
                aria-current={i === index ? 'step' : undefined}
                disabled={i > index}
                onClick={() => goTo(i)}
                style={{ minWidth: 24, height: 24, padding: '0 3px', display: 'flex', alignItems: 'center', justifyContent: 'center', cursor: i <= index ? 'pointer' : 'not-allowed' }}
              >
                <span
                  style={{
                    width: i === index ? 22 : 10,
                    transition: `width ${TUTORIAL_TRANSITION_MS}ms ease`,
                    height: 10,
                    borderRadius: 5,
                    background: i <= index ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)',
                  }}
                />
              </UnstyledButton>
            ))}
          </Group>
          {!last && (
            <Button variant="subtle" color="gray" size="compact-sm" onClick={() => goTo(steps.length - 1)}>
              Skip Tutorial
            </Button>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Button variant="default" onClick={() => goTo(index - 1)} disabled={index === 0}>
            Previous
          </Button>
          {last ? <Button onClick={complete}>Get Started</Button> : <Button onClick={() => goTo(index + 1)}>Next</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
