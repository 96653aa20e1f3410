namespace Amber.Tests.Models.NonPublic
{
    // [AmberInclude] members: private fields, private setters, get-only auto-properties, readonly
    // fields, a base class's private member, internal members, and a struct with a private field.

    public class BookShelf
    {
        public System.Collections.Generic.List<Book>? Books { get; set; }

        [AmberInclude]
        private string Secret { get; set; } = "";

        public string ReadSecret() => Secret;

        public void SetSecret(string value) => Secret = value;
    }

    public class Book
    {
        public string? Title { get; set; }
        public int Id { get; set; }
    }

    public class Account
    {
        [AmberInclude] private long _balance;
        [AmberInclude] private readonly string _owner;
        [AmberInclude] public string Status { get; private set; } = "new";
        [AmberInclude] public int Version { get; }
        [AmberInclude] internal string? Note { get; set; }
        private int _notSaved;

        public Account() : this("nobody", 0) { }

        public Account(string owner, int version)
        {
            _owner = owner;
            Version = version;
        }

        public long Balance => _balance;
        public string Owner => _owner;
        public int NotSaved => _notSaved;

        public void Deposit(long amount) { _balance += amount; Status = "active"; _notSaved = 99; }
    }

    public class AccountV2Reader
    {
        [AmberInclude] private long _balance;
        public long Balance => _balance;
        public string? Status { get; set; }
    }

    public class Base
    {
        [AmberInclude] private int _baseSecret;
        public int BaseSecret => _baseSecret;
        public void SetBaseSecret(int v) => _baseSecret = v;
    }

    public class Derived : Base
    {
        public string? Name { get; set; }
    }

    public struct Handle
    {
        [AmberInclude] private int _id;
        public Handle(int id) { _id = id; }
        public int Id => _id;
    }

    public class Holder
    {
        public Handle[]? Handles { get; set; }
        public Handle Single { get; set; }
    }
}
