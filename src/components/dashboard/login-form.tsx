'use client'

import { useState, type FormEvent } from 'react'

import { useToast } from '@/components/ui/toast'
import { checkAdminKey } from '@/client/admin-api'

export function LoginForm({ onLoggedIn }: { onLoggedIn: (key: string) => void }) {
  const toast = useToast()
  const [token, setToken] = useState('')
  const [verifying, setVerifying] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const key = token.trim()
    if (!key) {
      toast({
        title: 'Invalid Token',
        description: 'Please enter an admin token.',
        variant: 'error',
      })
      return
    }
    setVerifying(true)
    try {
      // 204 means the key is good; the answer carries no data.
      const res = await checkAdminKey(key)
      if (res.status === 429) {
        const minutes = Math.max(1, Math.ceil(Number(res.headers.get('retry-after') ?? 60) / 60))
        toast({
          title: 'Too Many Attempts',
          description: `Too many failed logins from this network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          variant: 'error',
        })
        return
      }
      if (!res.ok) throw new Error(String(res.status))
      onLoggedIn(key)
      toast({ title: 'Logged in successfully!', variant: 'success' })
    } catch {
      toast({
        title: 'Login Failed',
        description: 'Invalid admin token. Please check your credentials.',
        variant: 'error',
      })
    } finally {
      setVerifying(false)
    }
  }

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} noValidate>
        <h1>Admin Login</h1>
        <p>Enter your admin token to manage the shop.</p>
        <label htmlFor="admin-token">Admin Token</label>
        <input
          id="admin-token"
          type="password"
          autoComplete="current-password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <button type="submit" className="button primary block" disabled={verifying}>
          {verifying ? 'Verifying...' : 'Login'}
        </button>
      </form>
    </main>
  )
}
