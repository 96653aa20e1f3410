using System;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>How <see cref="AmberException"/> composes its member path and message.</summary>
    public class AmberExceptionTests
    {
        [Fact]
        public void Path_is_built_innermost_first_while_unwinding()
        {
            var ex = new AmberException("A string is not valid UTF-8", 42, "The payload is damaged.");
            ex.PrependMember("Title");   // innermost frame first
            ex.PrependIndex(3);
            ex.PrependMember("Books");
            ex.SetRoot("Shelf");         // outermost frame last
            Assert.Equal("Shelf.Books[3].Title", ex.MemberPath);
            Assert.Equal("A string is not valid UTF-8 (at byte offset 42) in Shelf.Books[3].Title. The payload is damaged.", ex.Message);
            Assert.Equal("A string is not valid UTF-8", ex.Problem);
            Assert.Equal(42, ex.ByteOffset);
            Assert.Equal("The payload is damaged.", ex.Fix);
        }

        [Fact]
        public void Root_is_set_once_by_the_outermost_frame()
        {
            var ex = new AmberException("p", 0, null);
            ex.SetRoot("Inner");
            ex.SetRoot("Outer");
            Assert.Equal("Inner", ex.MemberPath);
        }

        [Fact]
        public void Path_without_a_root_starts_with_a_dollar()
        {
            var ex = new AmberException("Bad", 7, null);
            ex.PrependIndex(0);
            ex.PrependMember("Items");
            Assert.Equal("$.Items[0]", ex.MemberPath);
            Assert.Equal("Bad (at byte offset 7) in $.Items[0].", ex.Message);
        }

        [Fact]
        public void Nested_indexes_and_large_indexes()
        {
            var ex = new AmberException("x", -1, null);
            ex.PrependIndex(long.MaxValue);
            ex.PrependIndex(2);
            ex.PrependMember("Grid");
            ex.SetRoot("Map");
            Assert.Equal("Map.Grid[2][9223372036854775807]", ex.MemberPath);
        }

        [Fact]
        public void Message_without_offset_path_or_fix_is_just_the_problem()
        {
            var ex = new AmberException("Something failed");
            Assert.Equal("Something failed.", ex.Message);
            Assert.Equal(-1, ex.ByteOffset);
            Assert.Null(ex.Fix);
            Assert.Null(ex.InnerException);
            Assert.Equal("$", ex.MemberPath);
        }

        [Fact]
        public void Offset_zero_is_shown_and_a_root_alone_is_a_path()
        {
            var ex = new AmberException("Bad header", 0, "Check the data.");
            ex.SetRoot("Person");
            Assert.Equal("Bad header (at byte offset 0) in Person. Check the data.", ex.Message);
        }

        [Fact]
        public void Inner_exception_is_kept()
        {
            var inner = new FormatException("inner");
            var ex = new AmberException("outer", inner);
            Assert.Same(inner, ex.InnerException);
            Assert.Equal("outer.", ex.Message);
            var ex2 = new AmberException("outer", 5, "fix", inner);
            Assert.Same(inner, ex2.InnerException);
            Assert.Equal("outer (at byte offset 5). fix", ex2.Message);
        }

        [Fact]
        public void Path_survives_a_rethrow()
        {
            var ex = Assert.Throws<AmberException>((Action)(() =>
            {
                try
                {
                    try
                    {
                        throw new AmberException("leaf", 3, null);
                    }
                    catch (AmberException e)
                    {
                        e.PrependMember("Leaf");
                        throw;
                    }
                }
                catch (AmberException e)
                {
                    e.PrependIndex(1);
                    e.PrependMember("Branch");
                    e.SetRoot("Tree");
                    throw;
                }
            }));
            Assert.Equal("Tree.Branch[1].Leaf", ex.MemberPath);
            Assert.Equal("leaf (at byte offset 3) in Tree.Branch[1].Leaf.", ex.Message);
        }
    }
}
