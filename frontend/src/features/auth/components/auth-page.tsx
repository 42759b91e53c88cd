import { Suspense, lazy, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Card } from '@/components/ui/card';
import { afterSignInPath, useSession } from '@/features/auth/session-context';
import { hasStoredUser } from '@/features/auth/user-storage';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Button } from '@/components/ui/button';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** "Forgot password?" in its own chunk: the sign-in screen's first paint stays within its budget (DESIGN.md section 10). */
const ForgotPasswordForm = lazy(() => import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })));

/** A signed-in user who opens /auth goes home (or to the screen they asked for). */
function SignedInRedirect() {
  const { user } = useSession();
  const { state } = useLocation();
  return user ? <Navigate to={afterSignInPath(user, state)} replace /> : null;
}

export function AuthPage() {
  const [tab, setTab] = useState('login');
  // "Forgot password?" replaces the sign-in form until the reset is done or abandoned
  const [forgot, setForgot] = useState(false);
  // Only a browser that has a stored user asks the server (a signed-out visitor causes no 401).
  const [maybeSignedIn] = useState(hasStoredUser);
  return (
    <div className="grid gap-6 py-4">
      {maybeSignedIn ? <SignedInRedirect /> : null}
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome to FitTrack</h1>
        <p className="mt-1 text-sm text-slate-600">Join thousands achieving their fitness goals</p>
      </div>
      <Card>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList label="Account" className="mb-5">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            {forgot ? (
              <Suspense fallback={<p className="text-sm text-slate-600">Loading...</p>}>
                <ForgotPasswordForm onDone={() => setForgot(false)} />
              </Suspense>
            ) : (
              <>
                <LoginForm />
                <Button type="button" variant="ghost" onClick={() => setForgot(true)} className="mt-2 min-h-11 w-full">
                  Forgot password?
                </Button>
              </>
            )}
          </TabsContent>
          <TabsContent value="signup">
            <SignupForm />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
