import { Drawer, Tabs } from '@mantine/core';
import { useState } from 'react';
import { ResetRequestForm } from './ResetRequestForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type AuthView = 'signin' | 'signup' | 'reset';

const titles: Record<AuthView, string> = { signin: 'Вход', signup: 'Регистрация', reset: 'Восстановление пароля' };

export default function AuthDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [view, setView] = useState<AuthView>('signin');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={titles[view]}>
      {view === 'reset' ? (
        <ResetRequestForm onDone={() => setView('signin')} />
      ) : (
        <Tabs value={view} onChange={(value) => setView(value === 'signup' ? 'signup' : 'signin')} keepMounted={false}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="signin">Вход</Tabs.Tab>
            <Tabs.Tab value="signup">Регистрация</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <SignInForm onDone={onClose} onForgot={() => setView('reset')} />
          </Tabs.Panel>
          <Tabs.Panel value="signup">
            <SignUpForm onDone={onClose} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Drawer>
  );
}
