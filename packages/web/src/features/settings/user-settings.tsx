import { LogOut } from 'lucide-react';
import { signOut } from '../../api/auth.ts';
import { useUser } from '../../api/user.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDate } from '../../lib/dates.ts';

export function UserSettings() {
  const user = useUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your account</CardTitle>
        <CardDescription>Who is signed in on this device.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {user.data ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <dt className="text-xs text-muted-foreground">Username</dt>
              <dd className="font-medium">{user.data.username}</dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-xs text-muted-foreground">Member since</dt>
              <dd className="font-medium">{formatDate(user.data.createdAt)}</dd>
            </div>
          </dl>
        ) : user.isError ? (
          <p className="text-sm text-muted-foreground">Your account details could not be loaded.</p>
        ) : (
          <div role="status" aria-label="Loading your account" className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        )}
        <div>
          <Button variant="outline" onClick={signOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
