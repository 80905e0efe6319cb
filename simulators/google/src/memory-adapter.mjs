// oidc-provider's storage, in this process's memory: the simulator's codes, tokens, sessions and grants are
// forgotten when it stops, as a test stand-in's may be. (oidc-provider's own memory adapter works the same but
// warns on every start that production needs a database, which a simulator does not.)

/** An adapter class (oidc-provider's `adapter` setting) over one store of its own. */
export function memoryAdapter() {
  /** `<model>:<id>` → { payload, expiresAt } */
  const store = new Map();
  const live = (key) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };

  return class MemoryAdapter {
    constructor(model) {
      this.model = model;
    }

    key(id) {
      return `${this.model}:${id}`;
    }

    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
      store.set(this.key(id), { payload, expiresAt });
      if (payload.uid) store.set(`uid:${payload.uid}`, { payload: id, expiresAt });
      if (payload.userCode) store.set(`userCode:${payload.userCode}`, { payload: id, expiresAt });
    }

    async find(id) {
      return live(this.key(id));
    }

    async findByUid(uid) {
      const id = live(`uid:${uid}`);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(userCode) {
      const id = live(`userCode:${userCode}`);
      return id === undefined ? undefined : this.find(id);
    }

    async consume(id) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id) {
      store.delete(this.key(id));
    }

    /** A redeemed code used twice revokes what it granted. */
    async revokeByGrantId(grantId) {
      for (const [key, entry] of store) if (entry.payload?.grantId === grantId) store.delete(key);
    }
  };
}
