/** What a toast says; `variant` colours it. */
export type ToastMessage = { title: string; description?: string; variant?: 'error' | 'success' }
